import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BR_TEXT, BUY_READY_CRITERIA, buyReady, criterionCounts, isLeather, overrideErrors, type BuyReadyInput } from './buy-ready';

const ready: BuyReadyInput = {
  StatusId: 2,
  CostingCompl: true,
  FactNameKy: '310101',
  IsFinalSpecApprLocked: true,
  IsConfirmationSampleApproved: true,
  IsLeatherApproved: true,
  BasicMaterial: 'Leather',
  UsHtsCodeKey: 'US-VN-6403916075',
  TotalVolume: 100,
};

const input = fc.record({
  StatusId: fc.option(fc.integer({ min: 1, max: 7 })),
  CostingCompl: fc.option(fc.boolean()),
  FactNameKy: fc.option(fc.constantFrom('', ' ', '310101')),
  IsFinalSpecApprLocked: fc.option(fc.boolean()),
  IsConfirmationSampleApproved: fc.option(fc.boolean()),
  IsLeatherApproved: fc.option(fc.boolean()),
  BasicMaterial: fc.option(fc.constantFrom('Leather', 'full grain LEATHER', 'Textile', 'Synthetic', '')),
  UsHtsCodeKey: fc.option(fc.constantFrom('', 'US-VN-1')),
  TotalVolume: fc.option(fc.integer({ min: -5, max: 5 })),
});

describe('buy-ready rule (BR-005, DECISIONS "Buy-ready rule")', () => {
  it('BR-005 a colorway meeting every criterion is buy-ready', () => {
    expect(buyReady(ready)).toMatchObject({ computed: true, buyReady: true, override: null });
  });

  it('BR-005 each criterion alone makes a ready colorway not ready', () => {
    const breaks: Partial<BuyReadyInput>[] = [
      { StatusId: 1 },
      { CostingCompl: false },
      { FactNameKy: null },
      { IsFinalSpecApprLocked: false },
      { IsConfirmationSampleApproved: false },
      { IsLeatherApproved: false },
      { UsHtsCodeKey: '' },
      { TotalVolume: 0 },
    ];
    breaks.forEach((b, i) => {
      const r = buyReady({ ...ready, ...b });
      expect(r.computed).toBe(false);
      expect(r.criteria[BUY_READY_CRITERIA[i][0]]).toBe(false);
      expect(Object.values(r.criteria).filter((v) => !v)).toHaveLength(1);
    });
  });

  it('BR-005 DECISIONS "Buy-ready rule": a Completed colorway counts as released; Canceled, Locked and Dropped never are buy-ready', () => {
    expect(buyReady({ ...ready, StatusId: 3 })).toMatchObject({ computed: true, criteria: { IsReleased: true } });
    for (const StatusId of [1, 4, 5, 6, 7, null]) expect(buyReady({ ...ready, StatusId }).criteria.IsReleased, String(StatusId)).toBe(false);
  });

  it('BR-005 leather approval counts only where BasicMaterial is leather', () => {
    expect(buyReady({ ...ready, BasicMaterial: 'Textile', IsLeatherApproved: false }).computed).toBe(true);
    expect(buyReady({ ...ready, BasicMaterial: 'Suede leather', IsLeatherApproved: false }).computed).toBe(false);
    expect(isLeather(null)).toBe(false);
  });

  it('BR-005 property: computed is the conjunction of the criteria; an override decides the result', () => {
    fc.assert(
      fc.property(input, fc.option(fc.boolean()), (c, o) => {
        const r = buyReady(c, o);
        expect(r.computed).toBe(Object.values(r.criteria).every(Boolean));
        expect(r.buyReady).toBe(o ?? r.computed);
        // Monotone: a colorway that is not released is never computed ready.
        if (c.StatusId !== 2 && c.StatusId !== 3) expect(r.computed).toBe(false);
        if ((c.TotalVolume ?? 0) <= 0) expect(r.computed).toBe(false);
      }),
    );
  });

  it('BR-005 property: per-criterion counts add up to the number of colorways', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 30 }), (rows) => {
        const results = rows.map((c) => buyReady(c));
        for (const k of criterionCounts(results)) expect(k.ready + k.notReady).toBe(rows.length);
      }),
    );
  });

  it('BR-008 an override needs both stock number and factory', () => {
    expect(overrideErrors({ StockNumber: 'SR1100-001', FactoryKey: '310101' })).toBeNull();
    expect(overrideErrors({ StockNumber: ' ', FactoryKey: '310101' })).toBe('Stock Number or Factory Missing');
    expect(overrideErrors({ StockNumber: 'SR1100-001' })).toBe(BR_TEXT.missing);
  });
});
