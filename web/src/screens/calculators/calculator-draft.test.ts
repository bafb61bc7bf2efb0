import { describe, expect, it } from 'vitest';
import { draftOf, dutyOptions, money, numberText, parseDraft, percent } from './calculator-draft';
import { chartTicks } from './chart-ticks';

describe('calculator inputs (CALC-002, CALC-004)', () => {
  it('CALC-002 the brand defaults become input text; blank and unreadable fields are missing', () => {
    const draft = draftOf({
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
      Duty: 4.3,
    });
    expect(draft).toMatchObject({ MSRP: '120', Freight: '1.25', RetailMU: '2.2', Duty: '4.3' });
    expect(parseDraft(draft, ['MSRP', 'Duty'])).toEqual({ values: { MSRP: 120, Duty: 4.3 }, missing: [] });
    expect(parseDraft({ ...draft, MSRP: '', FOB: '1.2.3' }, ['MSRP', 'FOB', 'Freight'])).toEqual({ values: { Freight: 1.25 }, missing: ['MSRP', 'FOB'] });
    // A factory user's answer has no costing figure (ADR 027): those inputs start blank.
    expect(draftOf({ Increment: 5 })).toMatchObject({ MSRP: '', Increment: '5', FOB: '' });
    expect(numberText(0.1 + 0.2)).toBe('0.3');
  });

  it("CALC-004 the duty presets, plus the brand's own duty when it is none of them", () => {
    expect(dutyOptions('10').map((o) => o.value)).toEqual(['0', '2', '4.3', '6', '8.5', '9', '10', '12', '20', '27.6', '37.5']);
    const own = dutyOptions('15');
    expect(own).toHaveLength(12);
    expect(own[8]).toEqual({ value: '15', label: '15 % (brand default)' });
  });

  it('CALC-005 money with cents and whole-percent margins', () => {
    expect(money(1234.5)).toBe('1,234.50');
    expect(money(null)).toBe('');
    expect(percent(-3)).toBe('-3 %');
  });

  it('chart ticks are round steps covering the values', () => {
    expect(chartTicks(40, 200, 6)).toEqual([0, 50, 100, 150, 200]);
    expect(chartTicks(-67, 67, 5)).toEqual([-100, -50, 0, 50, 100]);
    expect(chartTicks(19.7, 26.46, 5)).toEqual([18, 20, 22, 24, 26, 28]);
    expect(chartTicks(5, 5, 5)).toEqual([4, 4.5, 5, 5.5, 6]);
  });
});
