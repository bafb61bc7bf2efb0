/**
 * HTS regions (FLASH-027/028/033, DECISIONS FLASH-034): each region view edits its own
 * HtsStawn, AssignDuty and HtsCodeKey columns and looks codes up for one destination country.
 */
export interface HtsRegion {
  view: string;
  prefix: string;
  destination: string;
}

export const HTS_REGIONS: readonly HtsRegion[] = [
  { view: 'US', prefix: 'Us', destination: 'US' },
  { view: 'CAN', prefix: 'Ca', destination: 'CA' },
  { view: 'UK', prefix: 'Uk', destination: 'GB' },
  { view: 'EU', prefix: 'Eu', destination: 'NL' },
];

/** FLASH-032 */
export const NO_ORIGIN_MESSAGE = 'No valid country of origin found.';

/** The region of a column (`UsHtsStawn` → US), if it is a region's column. */
export const regionOfField = (field: string | undefined) =>
  field ? HTS_REGIONS.find((r) => field.startsWith(r.prefix) && /^(HtsStawn|AssignDuty|HtsCodeKey)$/.test(field.slice(r.prefix.length))) : undefined;

export const regionOfView = (view: string | undefined) => HTS_REGIONS.find((r) => r.view === view);

/** The column a picked code is written to. */
export const codeField = (r: HtsRegion) => `${r.prefix}HtsStawn`;

/** A row's country of origin, or null when it has none (two letters). */
export function originOf(record: Record<string, unknown> | undefined): string | null {
  const v = record?.CtryOfOrig;
  return typeof v === 'string' && /^[A-Za-z]{2}$/.test(v.trim()) ? v.trim().toUpperCase() : null;
}
