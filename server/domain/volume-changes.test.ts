import { describe, expect, it } from 'vitest';
import { withVolumeTotals } from './volume-changes';

describe('volume totals on a save', () => {
  it('CW-050 CW-051 a volume change adds the recomputed totals from the saved and changed volumes', () => {
    expect(withVolumeTotals({ USVolume: 100, AsiaVolume: 5, TotalVolume: 0 }, { EmeaDistVolume: 10, ItalyVolume: 99 })).toEqual({
      EmeaDistVolume: 10,
      ItalyVolume: 99,
      IntnlVolume: 15,
      TotalVolume: 115,
    });
  });

  it('FLASH-021 a save without a volume is left as it is', () => {
    const changes = { FFC: 3 };
    expect(withVolumeTotals({ USVolume: 100 }, changes)).toBe(changes);
  });
  it('FLASH-023 a volume that is not a whole number ≥ 0 leaves the totals to the schema check of its own cell', () => {
    for (const bad of [12.5, -1, '12']) {
      const changes = { USVolume: bad, CAVolume: 3 };
      expect(withVolumeTotals({ AsiaVolume: 5 }, changes)).toBe(changes);
    }
    expect(withVolumeTotals({ AsiaVolume: 5 }, { USVolume: null })).toEqual({ USVolume: null, IntnlVolume: 5, TotalVolume: 5 });
  });
});
