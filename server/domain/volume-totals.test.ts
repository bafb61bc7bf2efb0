import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { volumeTotals } from './volume-totals';

const ALL = [
  'USVolume',
  'CAVolume',
  'NaDtcStoreVolume',
  'NaDtcEcomVolume',
  'EuDtcVolume',
  'EmeaOwnedVolume',
  'EmeaDistVolume',
  'Emea3pVolume',
  'AsiaVolume',
  'LatinAVolume',
  'ItalyVolume',
  'CNVolume',
  'HKVolume',
  'C4CVolume',
];

describe('volume totals', () => {
  it('CW-050: IntnlVolume = Emea3p + Asia + LatinA + EmeaDist', () => {
    expect(volumeTotals({ Emea3pVolume: 1, AsiaVolume: 20, LatinAVolume: 300, EmeaDistVolume: 4000, USVolume: 99 }).IntnlVolume).toBe(4321);
  });

  it('CW-051: TotalVolume leaves out Italy, CN, HK and C4C; blank or NaN counts as 0', () => {
    const v = Object.fromEntries(ALL.map((k) => [k, 1]));
    expect(volumeTotals(v).TotalVolume).toBe(10);
    expect(volumeTotals({ USVolume: '', CAVolume: 'abc', AsiaVolume: null, LatinAVolume: 5 })).toEqual({ IntnlVolume: 5, TotalVolume: 5 });
  });

  it('CW-050 CW-051: Intnl never exceeds Total, and raising Italy/CN/HK/C4C changes neither', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...ALL), fc.nat(1_000_000)), (v) => {
        const t = volumeTotals(v);
        expect(t.IntnlVolume).toBeLessThanOrEqual(t.TotalVolume);
        expect(volumeTotals({ ...v, ItalyVolume: 7, CNVolume: 7, HKVolume: 7, C4CVolume: 7 })).toEqual(t);
      }),
    );
  });
});
