/**
 * The carryover flow's UI state across its three screens (CARRY-002): the brand and source season
 * and the ticked colorway seasonal ids. Ids only, never the rows (swr owns server data); kept in
 * sessionStorage so a reload of the review or final step keeps the selection.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CarryoverSelection {
  brandId: number;
  seasonId: number;
  ticked: number[];
  setSource: (brandId: number, seasonId: number) => void;
  tick: (ids: number[]) => void;
  untick: (ids: number[]) => void;
  clear: () => void;
}

export const useCarryoverStore = create<CarryoverSelection>()(
  persist(
    (set) => ({
      brandId: 0,
      seasonId: 0,
      ticked: [],
      // Another brand or season starts a new selection.
      setSource: (brandId, seasonId) => set((s) => (s.brandId === brandId && s.seasonId === seasonId ? s : { brandId, seasonId, ticked: [] })),
      tick: (ids) => set((s) => ({ ticked: [...new Set([...s.ticked, ...ids])] })),
      untick: (ids) => set((s) => ({ ticked: s.ticked.filter((id) => !ids.includes(id)) })),
      clear: () => set({ ticked: [] }),
    }),
    { name: 'plm.carryover', storage: createJSONStorage(() => sessionStorage) },
  ),
);
