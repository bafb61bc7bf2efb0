import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate } from './date';

describe('date display', () => {
  it('CONST-015 dates show as MM/DD/YYYY', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 7))).toBe('12/31/2026 12:07 AM');
    expect(formatDateTime(new Date(2026, 6, 4, 13, 30))).toBe('07/04/2026 1:30 PM');
  });

  it('CONST-015 calendar dates kept as YYYY-MM-DD show as MM/DD/YYYY, whatever the time zone', () => {
    expect(formatIsoDate('2025-01-06')).toBe('01/06/2025');
    expect(formatIsoDate('2026-12-31T00:00:00Z')).toBe('12/31/2026');
    expect(formatIsoDate(null)).toBe('');
    expect(formatIsoDate('soon')).toBe('soon');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
