/**
 * Unsaved changes (SHELL-021/022): screens register a dirty flag under their own key; the shell's
 * guard asks before in-app navigation and the browser asks before unload while any flag is set.
 */
import { create } from 'zustand';

export const UNSAVED_CHANGES_MESSAGE = 'There are unsaved changes on the page, do you want to continue without saving?';

interface UnsavedChangesState {
  dirty: Record<string, true>;
  setDirty: (key: string, dirty: boolean) => void;
  reset: () => void;
}

export const useUnsavedChangesStore = create<UnsavedChangesState>((set) => ({
  dirty: {},
  setDirty: (key, dirty) =>
    set((s) => {
      if (dirty === !!s.dirty[key]) return s;
      const next = { ...s.dirty };
      if (dirty) next[key] = true;
      else delete next[key];
      return { dirty: next };
    }),
  reset: () => set({ dirty: {} }),
}));

export function hasUnsavedChanges(): boolean {
  return Object.keys(useUnsavedChangesStore.getState().dirty).length > 0;
}
