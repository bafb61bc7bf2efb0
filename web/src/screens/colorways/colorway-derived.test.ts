import { describe, expect, it } from 'vitest';
import { withDerivedValues } from './colorway-derived';

describe('colorway derived values in the form', () => {
  it('CW-050 CW-051 volume totals follow the regional volumes', () => {
    const out = withDerivedValues({ USVolume: 100, EmeaDistVolume: 20, AsiaVolume: '5', ItalyVolume: 999, IntnlVolume: 0, TotalVolume: 0 });
    expect(out).toMatchObject({ IntnlVolume: 25, TotalVolume: 125 });
  });
  it('CW-044 prices follow FFC, fee and override, rounded to 2 decimals', () => {
    const base = { FFC: 10.005, EstFFC: 20, ServFee: 7, IsSFOverride: false, SFOverride: 9, ActPurPrice: null, EstPurPrice: null, FfcPct: null, EstFfcPct: null };
    expect(withDerivedValues(base)).toMatchObject({ ActPurPrice: 10.71, EstPurPrice: 21.4, FfcPct: 7 });
    expect(withDerivedValues({ ...base, IsSFOverride: true })).toMatchObject({ ActPurPrice: 10.91, FfcPct: 9 });
  });
  it('answers nothing when every derived value is already right, and adds no hidden field', () => {
    const shown = { USVolume: 3, IntnlVolume: 0, TotalVolume: 3 };
    expect(withDerivedValues(shown)).toBeUndefined();
    // A factory user's data has no costing fields: none are added.
    const out = withDerivedValues({ USVolume: 4, IntnlVolume: 0, TotalVolume: 3 });
    expect(out).toEqual({ USVolume: 4, IntnlVolume: 0, TotalVolume: 4 });
  });
});
