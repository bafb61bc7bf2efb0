import { describe, expect, it } from 'vitest';
import { chartBars, gridRows, type BuyReadyRow } from './buy-ready-rows';

const all = {
  IsReleased: true,
  IsCostingComplete: true,
  HasFactory: true,
  IsFinalSpecLocked: true,
  IsConfirmationSampleApproved: true,
  IsLeatherApprovedOrNotLeather: true,
  HasUsHtsCode: true,
  HasVolume: true,
};
const row = (over: Partial<BuyReadyRow>): BuyReadyRow => ({
  PrototypeSeasonalId: 1,
  PrototypeId: 1,
  StockNumber: 'A',
  PrototypeName: 'A',
  SeasonName: 'S',
  FactoryKey: 'F',
  FactoryName: 'F',
  Criteria: all,
  ComputedBuyReady: true,
  OverrideApplied: false,
  OverrideBuyReady: null,
  BuyReady: true,
  CurrentBuyReady: false,
  ...over,
});

describe('buy-ready grid rows and chart (BR-001, BR-005)', () => {
  it('BR-005 a ✔/✘ per criterion, the override only where one applied', () => {
    const [a, b] = gridRows([row({}), row({ Criteria: { ...all, HasVolume: false }, ComputedBuyReady: false, OverrideApplied: true, OverrideBuyReady: true })]);
    expect(a).toMatchObject({ HasVolume: '✔', Computed: '✔', Override: '', BuyReady: '✔' });
    expect(b).toMatchObject({ HasVolume: '✘', Computed: '✘', Override: '✔', BuyReady: '✔' });
  });

  it('BR-005 the chart has a bar per criterion and the result, each adding up to the colorways', () => {
    const bars = chartBars([row({}), row({ Criteria: { ...all, HasUsHtsCode: false }, BuyReady: false })]);
    expect(bars).toHaveLength(9);
    expect(bars.find((b) => b.key === 'HasUsHtsCode')).toMatchObject({ ready: 1, notReady: 1 });
    for (const b of bars) expect(b.ready + b.notReady).toBe(2);
  });
});
