import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationDays, endBeforeStart, renumbered, sortNumbers, SORT_STEP } from './line-plan-dates';

const DAY = 86_400_000;
/** Calendar days between 2000 and 2100 as 'YYYY-MM-DD'. */
const day = fc.integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2100, 0, 1) / DAY }).map((n) => new Date(n * DAY).toISOString().slice(0, 10));
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((t) => new Date(t).toISOString());

describe('line plan date rules', () => {
  it('LP-020 an end is refused exactly when it lies before the start', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(endBeforeStart(a, b)).toBe(b < a);
      }),
    );
  });

  it('LP-020 a missing date never refuses the row', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(null, undefined, ''), (a, none) => {
        expect(endBeforeStart(a, none)).toBe(false);
        expect(endBeforeStart(none, a)).toBe(false);
        expect(durationDays(a, none)).toBeNull();
      }),
    );
  });

  it('LP-021 the duration of calendar dates is their whole-day difference', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 4000 }), (a, days) => {
        const b = new Date(Date.parse(`${a}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
        expect(durationDays(a, b)).toBe(days);
      }),
    );
  });

  it('LP-021 the duration of times is rounded up to whole days and never short of the real span', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const d = durationDays(a, b)!;
        const span = (Date.parse(b) - Date.parse(a)) / DAY;
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(span);
        expect(d - span).toBeLessThan(1);
      }),
    );
  });

  it('LP-022 renumbering keeps every row, in order of its sort (rows without one last), in steps of 10', () => {
    const rows = fc
      .array(fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }), { maxLength: 30 })
      .map((sorts) => sorts.map((Sort, id) => ({ id, Sort })));
    fc.assert(
      fc.property(rows, (input) => {
        const out = renumbered(input);
        expect(out.map((r) => r.Sort)).toEqual(input.map((_, i) => (i + 1) * SORT_STEP));
        expect(out.map((r) => r.id).sort((a, b) => a - b)).toEqual(input.map((r) => r.id));
        const was = out.map((r) => input[r.id].Sort ?? Infinity);
        for (let i = 1; i < was.length; i++) {
          expect(was[i]).toBeGreaterThanOrEqual(was[i - 1]);
          if (was[i] === was[i - 1]) expect(out[i].id).toBeGreaterThan(out[i - 1].id);
        }
      }),
    );
  });

  it('LP-022 sort numbers step by 10 from 10', () => {
    expect(sortNumbers(3)).toEqual([10, 20, 30]);
    expect(sortNumbers(0)).toEqual([]);
  });
});
