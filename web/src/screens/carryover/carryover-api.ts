/** The carryover calls the three screens share (CARRY-005/006) and their answer shapes. */
import { apiFetch } from '../../api/http';
import type { Paged } from '@domain/paged';

/** CARRY-007: one colorway seasonal of the carryover grid. */
export interface CarryoverRow extends Record<string, unknown> {
  PrototypeSeasonalId: number;
  PrototypeName: string;
  StockNum: string | null;
  CarryoverExists: boolean;
}

export interface LinePlanChoice {
  LinePlanId: number;
  LinePlanName: string;
  SeasonId: number;
  SeasonName: string;
  StatusName: string;
}

/** The rows of a brand and season (the other-season search pages up to 999, CARRY-006); `ids` narrows to the ticked ones. */
export const searchCarryover = (brandId: number, seasonId: number, opts: { ids?: number[]; text?: string } = {}) =>
  apiFetch<Paged<CarryoverRow>>('/api/Carryover/SearchPrototypesForCarryover', {
    method: 'POST',
    json: {
      BrandId: brandId,
      SeasonId: seasonId,
      pageNumber: 1,
      pageSize: 999,
      IncludePatternLevel: true,
      ...(opts.ids ? { PrototypeSeasonalIds: opts.ids } : {}),
      ...(opts.text ? { SearchText: opts.text } : {}),
    },
  });
