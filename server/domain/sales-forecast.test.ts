import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { columnTotals, MAX_UNITS, parseQuarterTitle, parseUnits, pricePerUnit, quarterColumns, revenueOf, rowUnits, seasonYear } from './sales-forecast';

describe('quarterly forecast rules', () => {
  it('QF-005: Year1 comes from the season name or code; the columns read YYYY Q1..Q4 for Year1 and Year2', () => {
    expect(seasonYear('Fall/Winter 2026', 'FW26')).toBe(2026);
    expect(seasonYear('Holiday', 'HO27')).toBe(2027);
    expect(seasonYear('Core', 'CORE', 2031)).toBe(2031);
    const cols = quarterColumns(2026);
    expect(cols.map((c) => c.title)).toEqual(['2026 Q1', '2026 Q2', '2026 Q3', '2026 Q4', '2027 Q1', '2027 Q2', '2027 Q3', '2027 Q4']);
    expect(cols.map((c) => c.field)).toEqual(['Y1Q1', 'Y1Q2', 'Y1Q3', 'Y1Q4', 'Y2Q1', 'Y2Q2', 'Y2Q3', 'Y2Q4']);
  });

  it('QF-005: a header matches a year (20xx) and a quarter, or nothing', () => {
    expect(parseQuarterTitle('2026 Q3')).toEqual({ year: 2026, quarter: 3 });
    expect(parseQuarterTitle(' 2027q1 ')).toEqual({ year: 2027, quarter: 1 });
    for (const bad of ['Total Units', '1999 Q1', '2026 Q5', '2026', 'Q1', 'Revenue']) expect(parseQuarterTitle(bad)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2098 }), (y) =>
        quarterColumns(y).every((c) => {
          const p = parseQuarterTitle(c.title);
          return p?.year === c.year && p.quarter === c.quarter;
        }),
      ),
    );
  });

  it('QF-006: values are parsed as whole units; anything else is 0', () => {
    expect(parseUnits('1200')).toBe(1200);
    expect(parseUnits('1,200')).toBe(1200);
    expect(parseUnits(' 75 ')).toBe(75);
    expect(parseUnits('12.0')).toBe(12);
    expect(parseUnits(40)).toBe(40);
    for (const bad of ['abc', '', null, undefined, '1.5', '-3', -3, 2.5, String(MAX_UNITS + 1), '1e3']) expect(parseUnits(bad)).toBe(0);
    expect(parseUnits(String(MAX_UNITS))).toBe(MAX_UNITS);
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_UNITS }), (n) => parseUnits(String(n)) === n && parseUnits(n.toLocaleString('en-US')) === n));
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const n = parseUnits(v);
        return Number.isInteger(n) && n >= 0 && n <= MAX_UNITS;
      }),
    );
  });

  it('QF-009: revenue is units × the converted average price, to the cent; totals add up', () => {
    expect(pricePerUnit(80.3333, 1)).toBe(80.33);
    expect(pricePerUnit(80.3333, 0.92)).toBe(73.91);
    expect(pricePerUnit(null, 1)).toBeNull();
    expect(revenueOf(100, 80.33)).toBe(8033);
    expect(revenueOf(100, null)).toBeNull();
    const cols = quarterColumns(2026);
    const rows = [{ Y1Q1: 1, Y2Q4: 2 }, { Y1Q1: 3 }];
    expect(rowUnits(rows[0], cols)).toBe(3);
    expect(columnTotals(rows, cols)).toMatchObject({ Y1Q1: 4, Y2Q4: 2, Y1Q2: 0 });
  });
});
