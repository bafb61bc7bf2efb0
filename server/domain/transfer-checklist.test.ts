import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completionDate, isItemEnabled, siblingSync, stampItem } from './transfer-checklist';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10));
const item = fc.record({ isEnabled: fc.boolean(), isComplete: fc.boolean() });
const input = fc.record({
  productTypeId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  items: fc.array(item, { maxLength: 14 }),
  remembered: fc.option(day, { nil: null }),
  today: day,
});

describe('transfer checklist completion date (TC-005)', () => {
  it('TC-005 set to today when all enabled items are complete and a product type is chosen', () => {
    expect(
      completionDate({
        productTypeId: 1,
        items: [
          { isEnabled: true, isComplete: true },
          { isEnabled: false, isComplete: false },
        ],
        remembered: null,
        today: '2026-11-27',
      }),
    ).toBe('2026-11-27');
  });

  it('TC-005 keeps the remembered date rather than moving it to today', () => {
    expect(completionDate({ productTypeId: 1, items: [{ isEnabled: true, isComplete: true }], remembered: '2026-01-05', today: '2026-11-27' })).toBe(
      '2026-01-05',
    );
  });

  it('TC-005 cleared without a product type, with an open enabled item, or with no enabled item', () => {
    expect(completionDate({ productTypeId: null, items: [{ isEnabled: true, isComplete: true }], remembered: '2026-01-05', today: '2026-11-27' })).toBeNull();
    expect(
      completionDate({
        productTypeId: 2,
        items: [
          { isEnabled: true, isComplete: true },
          { isEnabled: true, isComplete: false },
        ],
        remembered: '2026-01-05',
        today: '2026-11-27',
      }),
    ).toBeNull();
    expect(completionDate({ productTypeId: 2, items: [{ isEnabled: false, isComplete: true }], remembered: null, today: '2026-11-27' })).toBeNull();
  });

  it('TC-005 property: a date exactly when a product type is chosen and every enabled item (at least one) is complete; then the remembered one or today', () => {
    fc.assert(
      fc.property(input, (i) => {
        const enabled = i.items.filter((x) => x.isEnabled);
        const complete = !!i.productTypeId && enabled.length > 0 && enabled.every((x) => x.isComplete);
        expect(completionDate(i)).toBe(complete ? (i.remembered ?? i.today) : null);
      }),
    );
  });

  it('TC-005 property: disabled items never change the result', () => {
    fc.assert(
      fc.property(input, fc.nat(), (i, n) => {
        const k = i.items.findIndex((x, j) => !x.isEnabled && j >= n % Math.max(1, i.items.length));
        if (k < 0) return;
        const flipped = i.items.map((x, j) => (j === k ? { ...x, isComplete: !x.isComplete } : x));
        expect(completionDate({ ...i, items: flipped })).toBe(completionDate(i));
      }),
    );
  });

  it('TC-005 property: saving again changes nothing (the date, once set, is remembered)', () => {
    fc.assert(
      fc.property(input, day, (i, later) => {
        const first = completionDate(i);
        expect(completionDate({ ...i, remembered: first, today: later })).toBe(first);
      }),
    );
  });
});

describe('enabled items, stamps and the sibling sync (DECISIONS TC-011, TC-006)', () => {
  it('TC-011 required items are enabled; the others only for a tariff-mitigation transfer', () => {
    const required = new Set([1, 3]);
    expect([1, 2, 3].map((id) => isItemEnabled(id, required, false))).toEqual([true, false, true]);
    expect([1, 2, 3].map((id) => isItemEnabled(id, required, true))).toEqual([true, true, true]);
  });

  it('TC-005 checking stamps the user and the day; unchecking clears; unchanged keeps the stamp', () => {
    const open = { IsComplete: false, CompletedBy: null, CompletedOn: null };
    expect(stampItem(open, true, 7, '2026-11-27')).toEqual({ IsComplete: true, CompletedBy: 7, CompletedOn: '2026-11-27' });
    const done = { IsComplete: true, CompletedBy: 3, CompletedOn: '2026-01-02' };
    expect(stampItem(done, true, 7, '2026-11-27')).toBe(done);
    expect(stampItem(done, false, 7, '2026-11-27')).toEqual(open);
  });

  it('TC-006 a tariff-mitigation transfer takes over open pattern-level items completed on siblings, the earliest completion first', () => {
    const items = [
      { TemplateItemId: 2, IsComplete: false },
      { TemplateItemId: 3, IsComplete: true },
      { TemplateItemId: 6, IsComplete: false },
    ];
    const siblings = [
      { TemplateItemId: 2, CompletedBy: 5, CompletedOn: '2026-03-01' },
      { TemplateItemId: 2, CompletedBy: 4, CompletedOn: '2026-02-01' },
      { TemplateItemId: 3, CompletedBy: 4, CompletedOn: '2026-02-01' },
      { TemplateItemId: 6, CompletedBy: 4, CompletedOn: '2026-02-01' },
    ];
    const sync = siblingSync(items, siblings, new Set([2, 3]), true);
    expect([...sync.keys()]).toEqual([2]);
    expect(sync.get(2)?.CompletedBy).toBe(4);
    expect(siblingSync(items, siblings, new Set([2, 3]), false).size).toBe(0);
  });
});
