/**
 * The colorway's derived values as the user types (CW-044 prices, CW-050/051 volume totals), from
 * the same pure functions the server's update rules use; the server computes them again on save.
 * Only fields the user can see (present in the data) are filled. Pure.
 */
import { prices } from '@domain/price-rule';
import { volumeTotals } from '@domain/volume-totals';

type Data = Record<string, unknown>;

/** The data with its derived fields brought up to date, or undefined when none changed. */
export function withDerivedValues(data: Data): Data | undefined {
  const derived: Data = { ...volumeTotals(data), ...prices(data) };
  const changed = Object.entries(derived).filter(([f, v]) => f in data && (data[f] ?? null) !== v);
  return changed.length ? { ...data, ...Object.fromEntries(changed) } : undefined;
}
