import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

describe('date display', () => {
  it('CONST-015 dates show as MM/DD/YYYY', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 7))).toBe('12/31/2026 12:07 AM');
    expect(formatDateTime(new Date(2026, 6, 4, 13, 30))).toBe('07/04/2026 1:30 PM');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
