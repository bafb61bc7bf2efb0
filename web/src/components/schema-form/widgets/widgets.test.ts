import { describe, expect, it } from 'vitest';
import { toggled } from './CheckListWidget';
import { combineMoment, splitMoment } from './moment';
import { WIDGETS, widgetFor } from './registry';
import { readableErrors } from '../readable-errors';
import { TIME_PATTERN } from '../form-kind';

describe('form widgets', () => {
  it('SYSMSG-010 a moment splits into local date and time inputs and combines back', () => {
    const iso = combineMoment('11/25/2026', '17:30')!;
    expect(new Date(iso).getHours()).toBe(17);
    expect(splitMoment(iso)).toEqual({ date: '11/25/2026', time: '17:30' });
    expect(combineMoment('13/45/2026', '10:00')).toBeNull();
    expect(combineMoment('11/25/2026', '24:00')).toBeNull();
    expect(combineMoment('11/25/2026', '')).toBeNull();
    expect(splitMoment(null)).toEqual({ date: '', time: '' });
  });
  it('a check list ticks and unticks values in option order', () => {
    const options = [{ value: 1 }, { value: 2 }, { value: 3 }];
    expect(toggled(options, [3], 1, true)).toEqual([1, 3]);
    expect(toggled(options, [1, 3], 1, false)).toEqual([3]);
    expect(toggled(options, [1], 1, true)).toEqual([1]);
  });
  it("every kind has a registered widget; a bare array keeps RJSF's own field", () => {
    for (const k of ['time', 'checklist', 'enum', 'datetime', 'text'] as const) expect(WIDGETS[widgetFor(k)!]).toBeTypeOf('function');
    expect(widgetFor('array')).toBeUndefined();
  });
  it('error texts: per-field messages win, moments and times read well, repeats go', () => {
    const errs = readableErrors(
      [
        { name: 'minItems', property: '.Brands', message: 'x', params: { limit: 1 }, stack: '' },
        { name: 'format', property: '.StartTime', message: 'x', params: { limit: 'date-time' }, stack: '' },
        { name: 'pattern', property: '.At', message: 'x', params: { limit: TIME_PATTERN }, stack: '' },
        { name: 'const', property: '.RoleId', message: 'Not one of the allowed values.', params: {}, stack: '' },
        { name: 'const', property: '.RoleId', message: 'Not one of the allowed values.', params: {}, stack: '' },
      ],
      { Brands: { minItems: 'Please select at least one brand.' } },
    );
    expect(errs.map((e) => e.message)).toEqual([
      'Please select at least one brand.',
      'Enter a date (MM/DD/YYYY) and a time.',
      'Enter a time as HH:MM.',
      'Not one of the allowed values.',
    ]);
  });
});
