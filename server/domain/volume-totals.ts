/**
 * Colorway and pattern volume totals (CW-050, CW-051), computed on the server for every write and
 * mirrored in the browser. Blank or non-numeric volumes count as 0; Italy, CN, HK and C4C are in
 * neither total. Pure: no I/O.
 */
/** The 14 regional volume fields of patterns and colorways (CW-016, PAT-005). */
export const REGIONAL_VOLUMES = [
  'USVolume',
  'CAVolume',
  'EmeaOwnedVolume',
  'EmeaDistVolume',
  'NaDtcStoreVolume',
  'NaDtcEcomVolume',
  'ItalyVolume',
  'EuDtcVolume',
  'Emea3pVolume',
  'AsiaVolume',
  'CNVolume',
  'HKVolume',
  'C4CVolume',
  'LatinAVolume',
] as const;

export type Volumes = Partial<Record<string, unknown>>;

const n = (v: Volumes, k: string) => Number(v[k]) || 0;

export function volumeTotals(v: Volumes): { IntnlVolume: number; TotalVolume: number } {
  const IntnlVolume = n(v, 'Emea3pVolume') + n(v, 'AsiaVolume') + n(v, 'LatinAVolume') + n(v, 'EmeaDistVolume');
  const TotalVolume =
    n(v, 'USVolume') + n(v, 'CAVolume') + n(v, 'NaDtcStoreVolume') + n(v, 'NaDtcEcomVolume') + n(v, 'EuDtcVolume') + n(v, 'EmeaOwnedVolume') + IntnlVolume;
  return { IntnlVolume, TotalVolume };
}
