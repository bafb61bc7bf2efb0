import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import entity from '../../schemas/entities/calculator-brand-defaults.schema.json';
import {
  autoMargins,
  BUILT_IN_DEFAULTS,
  DEFAULT_FIELDS,
  DUTY_PRESETS,
  defaultLabels,
  defaultsProblems,
  editMargins,
  exactMargin,
  fobForMargin,
  fobTable,
  landedCost,
  marginAt,
  marginPercent,
  marginTable,
  msrpSteps,
  parseMargin,
  reachedFobRow,
  roundTo,
  wholesalePrice,
  type BrandDefaults,
} from './calculators';

/** The demo brand Summit Ridge (fixtures/demo/calculator-brand-defaults.json). */
const summit: BrandDefaults = {
  MSRP: 120,
  Freight: 1.25,
  Inflation: 3,
  Discount: 5,
  SourceComm: 6,
  Admin: 2,
  Misc: 1,
  RetailMU: 2.2,
  Increment: 5,
  FOB: 22.5,
  Duty: 10,
};

describe('calculator formulas (CALC-008, DECISIONS "Calculator formulas")', () => {
  it('CALC-008 WHS, LDP and margin of a hand-computed row', () => {
    // WHS = 120 / 2.2 × 0.95 = 51.8181…; LDP = 22.5 × 1.03 × 1.19 + 1.25 = 28.82825; margin = 22.9899 / 51.8182 = 44.37 % → 44.
    expect(wholesalePrice(summit, 120)).toBeCloseTo(51.818182, 5);
    expect(landedCost(summit, 22.5, 10)).toBeCloseTo(28.82825, 8);
    expect(exactMargin(wholesalePrice(summit, 120), landedCost(summit, 22.5, 10))).toBeCloseTo(44.3665, 3);
    expect(marginAt(summit, 120, 22.5, 10)).toBe(44);
  });

  it('CALC-003 CALC-005 CALC-009 the margin table: 33 rows centred on the MSRP, stepping by the increment, whole percents', () => {
    const rows = marginTable(summit, { msrp: 120, increment: 5, fob: 22.5, duty: 10 });
    expect(rows).toHaveLength(33);
    expect(rows.map((r) => r.MSRP)).toEqual(Array.from({ length: 33 }, (_, i) => 40 + i * 5));
    expect(rows.filter((r) => r.IsEntered).map((r) => r.MSRP)).toEqual([120]);
    expect(rows[16]).toEqual({ MSRP: 120, WHS: 51.82, LDP: 28.83, Margin: 44, IsEntered: true });
    // MSRP 40: WHS 17.2727, margin (17.2727 − 28.8283) / 17.2727 = −66.9 % → −67. MSRP 200: WHS 86.3636, margin 66.62 % → 67.
    expect(rows[0]).toEqual({ MSRP: 40, WHS: 17.27, LDP: 28.83, Margin: -67, IsEntered: false });
    expect(rows[32]).toEqual({ MSRP: 200, WHS: 86.36, LDP: 28.83, Margin: 67, IsEntered: false });
    for (const r of rows) expect(Number.isInteger(r.Margin)).toBe(true);
  });

  it('CALC-009 MSRP rows ≤ 0 are left out', () => {
    expect(msrpSteps(30, 5)).toEqual(Array.from({ length: 22 }, (_, i) => 5 + i * 5));
    expect(msrpSteps(12.5, 2.5).slice(0, 2)).toEqual([2.5, 5]);
  });

  it('CALC-004 the duty presets', () => {
    expect(DUTY_PRESETS).toEqual([0, 2, 4.3, 6, 8.5, 9, 10, 12, 20, 27.6, 37.5]);
  });

  it('CALC-006 CALC-007 17 margins from 35 to 51; auto mode follows the first, otherwise one margin changes', () => {
    expect(autoMargins()).toEqual(Array.from({ length: 17 }, (_, i) => 35 + i));
    expect(editMargins(autoMargins(), 0, 40, true)).toEqual(Array.from({ length: 17 }, (_, i) => 40 + i));
    expect(editMargins(autoMargins(), 0, 40, false)).toEqual([40, ...autoMargins().slice(1)]);
    expect(editMargins(autoMargins(), 3, 60, true)[3]).toBe(60);
    expect(parseMargin('45')).toBe(45);
    for (const bad of ['', '4.5', '-1', '100', 'x']) expect(parseMargin(bad)).toBeNull();
  });

  it('CALC-008 the FOB of hand-computed margins at MSRP 120, duty 10', () => {
    // FOB = (WHS × (1 − m) − Freight) / 1.2257: m 35 → 32.4318 / 1.2257 = 26.46; 44 → 22.65; 45 → 22.23; 50 → 20.12; 51 → 19.70.
    const rows = fobTable(summit, { msrp: 120, duty: 10, margins: autoMargins() });
    expect(rows[0]).toEqual({ Margin: 35, FOB: 26.46, LDP: roundTo(26.46 * 1.2257 + 1.25, 2) });
    expect(rows.find((r) => r.Margin === 44)?.FOB).toBe(22.65);
    expect(rows.find((r) => r.Margin === 45)?.FOB).toBe(22.23);
    expect(rows.find((r) => r.Margin === 50)?.FOB).toBe(20.12);
    expect(rows[16].FOB).toBe(19.7);
  });

  it('CALC-008 the highlighted FOB cell: the highest margin the entered FOB still reaches', () => {
    const rows = fobTable(summit, { msrp: 120, duty: 10, margins: autoMargins() });
    expect(rows[reachedFobRow(rows, 22.5)].Margin).toBe(44);
    expect(rows[reachedFobRow(rows, 20)].Margin).toBe(50);
    expect(rows[reachedFobRow(rows, 22.65)].Margin).toBe(44);
    expect(rows[reachedFobRow(rows, 1)].Margin).toBe(51);
    expect(reachedFobRow(rows, 30)).toBe(-1);
    expect(reachedFobRow(rows, null)).toBe(-1);
  });

  it('a margin no positive FOB reaches has no FOB; no wholesale price, no margin', () => {
    expect(fobTable({ ...summit, Freight: 100 }, { msrp: 120, duty: 10, margins: [35] })[0]).toEqual({ Margin: 35, FOB: null, LDP: null });
    expect(marginPercent(0, 10)).toBeNull();
  });

  it('rounding drops binary noise and rounds halves away from zero', () => {
    expect(roundTo(28.5)).toBe(29);
    expect(roundTo(-28.5)).toBe(-29);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(0.285 * 100)).toBe(29);
  });

  it('CALC-002 defaults out of range or with too many decimals are refused, naming the field by its label', () => {
    const labels = defaultLabels(entity);
    expect(defaultsProblems(summit, labels)).toEqual([]);
    expect(defaultsProblems(BUILT_IN_DEFAULTS, labels)).toEqual([]);
    expect(defaultsProblems({ ...summit, RetailMU: 0 }, labels).map((p) => p.Field)).toEqual(['RetailMU']);
    expect(defaultsProblems({ ...summit, Discount: 100 }, labels)[0].Message).toBe('Discount % must be at least 0 and below 100.');
    expect(defaultsProblems({ ...summit, MSRP: 10.123 }, labels)[0]).toEqual({ Field: 'MSRP', Message: 'MSRP takes at most 2 decimals.' });
    expect(defaultsProblems({ ...summit, SourceComm: -1 }, labels)[0].Message).toBe('Sourcing Commission % must be at least 0 and at most 100.');
    expect(defaultsProblems({ ...summit, FOB: undefined }, labels).map((p) => p.Field)).toEqual(['FOB']);
  });

  it('CALC-002 the labels are the titles of the entity document, the field name where it has none', () => {
    const labels = defaultLabels(entity);
    for (const f of DEFAULT_FIELDS) expect(labels[f]).toBe(entity.properties[f].title);
    expect(labels.SourceComm).toBe('Sourcing Commission %');
    expect(defaultLabels({ properties: { MSRP: { title: 'Suggested retail' } } })).toMatchObject({
      MSRP: 'Suggested retail',
      Freight: 'Freight',
      RetailMU: 'RetailMU',
    });
    expect(defaultLabels(undefined).Duty).toBe('Duty');
  });
});

/** Realistic brand defaults: WHS stays above a few dollars, so a cent of FOB moves the margin by well under 0.5 %. */
const defaults = fc.record({
  MSRP: fc.integer({ min: 2000, max: 50000 }).map((c) => c / 100),
  Freight: fc.integer({ min: 0, max: 500 }).map((c) => c / 100),
  Inflation: fc.integer({ min: 0, max: 100 }).map((t) => t / 10),
  Discount: fc.integer({ min: 0, max: 300 }).map((t) => t / 10),
  SourceComm: fc.integer({ min: 0, max: 100 }).map((t) => t / 10),
  Admin: fc.integer({ min: 0, max: 100 }).map((t) => t / 10),
  Misc: fc.integer({ min: 0, max: 100 }).map((t) => t / 10),
  RetailMU: fc.integer({ min: 150, max: 300 }).map((h) => h / 100),
  Increment: fc.constantFrom(1, 2.5, 5, 10),
  FOB: fc.integer({ min: 100, max: 10000 }).map((c) => c / 100),
  Duty: fc.constantFrom(...DUTY_PRESETS),
});

describe('calculator properties (CALC-008)', () => {
  it("CALC-008 the FOB calculator's FOB, fed back into the margin formula, gives back its margin (±0.5 %)", () => {
    fc.assert(
      fc.property(defaults, fc.integer({ min: 0, max: 99 }), (d, m) => {
        const fob = fobForMargin(d, d.MSRP, d.Duty, m);
        fc.pre(fob > 0);
        const exact = exactMargin(wholesalePrice(d, d.MSRP), landedCost(d, fob, d.Duty))!;
        expect(Math.abs(exact - m)).toBeLessThanOrEqual(0.5);
        expect(marginAt(d, d.MSRP, fob, d.Duty)).toBe(m);
      }),
      { numRuns: 2000 },
    );
  });

  it('CALC-006 a higher margin never allows a higher FOB', () => {
    fc.assert(
      fc.property(defaults, fc.integer({ min: 0, max: 80 }), (d, first) => {
        const rows = fobTable(d, { msrp: d.MSRP, duty: d.Duty, margins: autoMargins(first) });
        for (let i = 1; i < rows.length; i++) if (rows[i].FOB !== null) expect(rows[i].FOB!).toBeLessThanOrEqual(rows[i - 1].FOB!);
      }),
    );
  });

  it('CALC-008 the highlighted margin is reached by the entered FOB, and no higher margin of the list is', () => {
    fc.assert(
      fc.property(defaults, (d) => {
        const rows = fobTable(d, { msrp: d.MSRP, duty: d.Duty, margins: autoMargins() });
        const hit = reachedFobRow(rows, d.FOB);
        const at = marginAt(d, d.MSRP, d.FOB, d.Duty)!;
        if (hit >= 0) expect(at).toBeGreaterThanOrEqual(rows[hit].Margin);
        for (const r of rows) if (r.FOB !== null && (hit < 0 || r.Margin > rows[hit].Margin)) expect(r.FOB).toBeLessThan(d.FOB);
      }),
    );
  });

  it('CALC-003 CALC-009 the margin table has 33 rows centred on the MSRP when none falls to 0, the margin falling as MSRP falls', () => {
    fc.assert(
      fc.property(defaults, (d) => {
        const rows = marginTable(d, { msrp: d.MSRP, increment: d.Increment, fob: d.FOB, duty: d.Duty });
        const below = rows.filter((r) => r.MSRP < roundTo(d.MSRP, 2)).length;
        expect(rows.length).toBe(below + 17);
        if (d.MSRP - 16 * d.Increment > 0) expect(rows).toHaveLength(33);
        expect(rows[below].IsEntered).toBe(true);
        for (let i = 1; i < rows.length; i++) expect(rows[i].Margin!).toBeGreaterThanOrEqual(rows[i - 1].Margin!);
      }),
    );
  });
});
