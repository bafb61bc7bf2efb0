import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { businessDate, businessToday, DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from './business-date';

describe('business dates (DECISIONS "Dates")', () => {
  it('today is the calendar date in the business time zone, UTC by default', () => {
    const lateEvening = new Date('2026-11-27T23:30:00Z');
    expect(DEFAULT_BUSINESS_TIME_ZONE).toBe('UTC');
    expect(businessToday('UTC', lateEvening)).toBe('2026-11-27');
    // East of UTC the next day has begun, west of it the day is still the one before.
    expect(businessToday('Asia/Ho_Chi_Minh', lateEvening)).toBe('2026-11-28');
    expect(businessToday('America/Los_Angeles', new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
  });

  it('follows daylight saving time and the turn of the year', () => {
    // 22:30 UTC is 00:30 the next day in Berlin in summer (UTC+2) but 23:30 the same day in winter (UTC+1).
    expect(businessDate(new Date('2026-07-15T22:30:00Z'), 'Europe/Berlin')).toBe('2026-07-16');
    expect(businessDate(new Date('2026-01-15T22:30:00Z'), 'Europe/Berlin')).toBe('2026-01-15');
    expect(businessDate(new Date('2026-12-31T20:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('knows the zones the runtime knows and refuses others', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => businessToday('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('property: in UTC the business date is the ISO date of the moment', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
        expect(businessDate(d, 'UTC')).toBe(d.toISOString().slice(0, 10));
      }),
    );
  });
});
