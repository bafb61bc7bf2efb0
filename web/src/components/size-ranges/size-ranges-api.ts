/** The size range calls (server/features/colorways/size-range-routes.ts) and what a refused save answered. */
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import type { FieldError, Preset, SavedRow } from './size-range-drafts';

export const SIZE_RANGES = '/api/Prototype/GetSizeRanges';
export const REGIONS = '/api/Prototype/GetSizeRegions';
export const WIDTHS = '/api/Prototype/GetWidths';
export const PRESETS = '/api/User/SizeRangePresets';

export const sizeRangesKey = (prototypeSeasonalId: number) => `${SIZE_RANGES}?PrototypeSeasonalId=${prototypeSeasonalId}`;

export interface Region {
  RegionId: number;
  RegionName: string;
}
export interface Width {
  WidthId: number;
  WidthName: string;
}

/** The region and width lookups of the size range grids' pick lists. */
export function useSizeLookups() {
  const regions = useSWR<Region[]>(REGIONS);
  const widths = useSWR<Width[]>(WIDTHS);
  return { regions: regions.data, widths: widths.data };
}

/** A refused call: its message, field errors and whether the record changed meanwhile (the stale-save 409, Code 'stale'). */
export interface Refusal {
  ok: false;
  Message: string;
  Errors: FieldError[];
  conflict: boolean;
}

function refusal(e: unknown): Refusal {
  if (!(e instanceof ApiError) || e.network) throw e;
  const body = (e.body ?? {}) as { Message?: string; Errors?: FieldError[]; Code?: string };
  return {
    ok: false,
    Message: body.Message ?? 'Please contact your System Administrator.',
    Errors: body.Errors ?? [],
    conflict: e.status === 409 && body.Code === 'stale',
  };
}

async function attempt<T>(call: () => Promise<T>): Promise<({ ok: true } & T) | Refusal> {
  try {
    return { ok: true, ...(await call()) };
  } catch (e) {
    return refusal(e);
  }
}

export const saveSizeRanges = (PrototypeSeasonalId: number, RowVersion: number, SizeRanges: object[]) =>
  attempt(() =>
    apiFetch<{ RowVersion: number; SizeRanges: SavedRow[] }>('/api/Prototype/SaveSizeRanges', {
      method: 'POST',
      json: { PrototypeSeasonalId, RowVersion, SizeRanges },
    }),
  );

export const savePresets = (body: { Presets: object[] }) =>
  attempt(() => apiFetch<{ Message: string; Data: Preset[] }>('/api/User/SaveSizeRangePresets', { method: 'POST', json: body }));

export const deletePreset = (id: number) => attempt(() => apiFetch<{ Message: string }>('/api/User/DeleteSizeRangePreset', { method: 'POST', query: { id } }));
