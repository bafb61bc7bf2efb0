/**
 * FLASH-029: a colorway's HTS code cells (`UsHtsStawn`, `CaHtsStawn`, `UkHtsStawn`, `EuHtsStawn`)
 * take a code only when the colorway has a country of origin (its factory's). The server's HTS rule
 * refuses such a save with this text; the grids draw those cells read-only by the same rule.
 */

/** Said when an HTS code is entered for a colorway without a country of origin (FLASH-029). */
export const HTS_NO_ORIGIN = 'Unable to edit, Factory is missing.';

/** Whether a field is a region's HTS code. */
const isHtsCode = (field: string) => /HtsStawn$/.test(field);

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Whether the HTS code cell `field` of a row with this country of origin is locked. */
export const htsLocked = (row: { CtryOfOrig?: unknown }, field: string) => isHtsCode(field) && blank(row.CtryOfOrig);
