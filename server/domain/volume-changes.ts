/**
 * The volume part of a pattern or colorway save (CW-050/051, DECISIONS FLASH-021): a write that
 * touches a regional volume also writes the recomputed IntnlVolume and TotalVolume. Pure.
 */
import { REGIONAL_VOLUMES, volumeTotals } from './volume-totals';

type Rec = Record<string, unknown>;

export function withVolumeTotals(prev: Rec, changes: Rec): Rec {
  if (!REGIONAL_VOLUMES.some((f) => f in changes)) return changes;
  return { ...changes, ...volumeTotals({ ...prev, ...changes }) };
}
