import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feePercent, prices, round2 } from './price-rule';

describe('colorway price rule', () => {
  it('CW-044 ActPurPrice and EstPurPrice are cost + cost × fee %, rounded to 2 decimals', () => {
    expect(prices({ FFC: 20, EstFFC: 21.37, ServFee: 7 })).toEqual({ FfcPct: 7, ActPurPrice: 21.4, EstFfcPct: 7, EstPurPrice: 22.87 });
    expect(prices({ FFC: 10.05, ServFee: 6.5 }).ActPurPrice).toBe(10.7);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
  });

  it('CW-045 the override percent is used only while the override flag is set', () => {
    expect(feePercent({ ServFee: 7, IsSFOverride: true, SFOverride: 5.5 })).toBe(5.5);
    expect(feePercent({ ServFee: 7, IsSFOverride: false, SFOverride: 5.5 })).toBe(7);
    expect(prices({ FFC: 100, ServFee: 7, IsSFOverride: true, SFOverride: 5.5 }).ActPurPrice).toBe(105.5);
  });

  it('CW-043 without a known fee the price is the cost itself; without a cost there is no price', () => {
    expect(prices({ FFC: 12.5, ServFee: null })).toEqual({ FfcPct: null, ActPurPrice: 12.5, EstFfcPct: null, EstPurPrice: null });
  });

  it('CW-044 the price never has more than 2 decimals and is never below the cost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 10_000 }), (cents, feeBp) => {
        const ffc = cents / 100,
          fee = feeBp / 100;
        const { ActPurPrice } = prices({ FFC: ffc, ServFee: fee });
        expect(Math.abs(ActPurPrice! * 100 - Math.round(ActPurPrice! * 100))).toBeLessThan(1e-6);
        expect(ActPurPrice!).toBeGreaterThanOrEqual(ffc);
        expect(Math.abs(ActPurPrice! - ffc * (1 + fee / 100))).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});
