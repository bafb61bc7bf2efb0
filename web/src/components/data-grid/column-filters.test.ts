import { describe, expect, it } from 'vitest';
import { describeFilter, filterFromInput, filterModes, inputFromFilter, withColumnFilter } from './column-filters';

const text = { kind: 'text' as const };
const money = { kind: 'money' as const };
const date = { kind: 'date' as const };
const ref = { kind: 'text' as const, nameField: 'StatusName' };

describe('column filters', () => {
  it('offers contains/equals for text and references, from–to for numbers and dates', () => {
    expect(filterModes(text)).toEqual(['contains', 'equals']);
    expect(filterModes(ref)).toEqual(['contains', 'equals']);
    expect(filterModes(money)).toEqual(['range', 'equals']);
    expect(filterModes(date)[0]).toBe('range');
    expect(filterModes({ kind: 'boolean' })).toEqual(['equals']);
  });

  it('turns the input into the filter the server takes', () => {
    expect(filterFromInput(text, { mode: 'contains', text: ' dong ', from: '', to: '' })).toEqual({ ok: true, filter: { contains: 'dong' } });
    expect(filterFromInput(money, { mode: 'range', text: '', from: '$10', to: '1,000' })).toEqual({ ok: true, filter: { from: 10, to: 1000 } });
    expect(filterFromInput(date, { mode: 'range', text: '', from: '3/1/2027', to: '' })).toEqual({ ok: true, filter: { from: '2027-03-01' } });
    expect(filterFromInput(money, { mode: 'equals', text: '5', from: '', to: '' })).toEqual({ ok: true, filter: { equals: 5 } });
    expect(filterFromInput(text, { mode: 'contains', text: '  ', from: '', to: '' })).toEqual({ ok: true, filter: null });
    expect(filterFromInput(money, { mode: 'range', text: '', from: 'x', to: '' })).toEqual({ ok: false, message: 'Enter a number.' });
    expect(filterFromInput(money, { mode: 'range', text: '', from: '9', to: '1' }).ok).toBe(false);
  });

  it('describes a filter and reads it back into the popover', () => {
    expect(describeFilter(date, { from: '2027-03-01', to: '2027-03-31' })).toBe('03/01/2027 – 03/31/2027');
    expect(describeFilter(text, { contains: 'a' })).toBe('contains "a"');
    expect(describeFilter(money, { to: 5 })).toBe('≤ 5');
    expect(inputFromFilter(date, { from: '2027-03-01' })).toEqual({ mode: 'range', text: '', from: '03/01/2027', to: '' });
    const back = inputFromFilter(money, { from: 10, to: 20 });
    expect(filterFromInput(money, back)).toEqual({ ok: true, filter: { from: 10, to: 20 } });
  });

  it("sets and removes one column's filter", () => {
    const f = withColumnFilter({}, 'FFC', { from: 1 });
    expect(withColumnFilter(f, 'StockNum', { contains: 'A' })).toEqual({ FFC: { from: 1 }, StockNum: { contains: 'A' } });
    expect(withColumnFilter(f, 'FFC', null)).toEqual({});
  });
});
