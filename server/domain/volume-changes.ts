/**
 * The volume part of a pattern or colorway save (CW-050/051, DECISIONS FLASH-021): a write that
 * touches a regional volume also writes the recomputed IntnlVolume and TotalVolume. Pure.
 */
import { REGIONAL_VOLUMES, volumeTotals } from './volume-totals';

type Rec = Record<string, unknown>;

const volume = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) >= 0);

/** A volume that is not a whole number ≥ 0 leaves the totals as they are: the schema check refuses that cell alone (FLASH-023). */
export function withVolumeTotals(prev: Rec, changes: Rec): Rec {
  const touched = REGIONAL_VOLUMES.filter((f) => f in changes);
  if (!touched.length || !touched.every((f) => volume(changes[f]))) return changes;
  return { ...changes, ...volumeTotals({ ...prev, ...changes }) };
}
