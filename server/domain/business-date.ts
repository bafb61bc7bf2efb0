/**
 * Business dates (DECISIONS "Dates"): a date without a time (milestone and completion dates,
 * "today" in rules) is a calendar date in one business time zone, a setting (BUSINESS_TIME_ZONE,
 * default UTC). This is the one rule for it, run by both sides: the server with the zone of its
 * configuration (server/core/config.ts), the browser with the zone the sign-in answer carries
 * (web/src/format/business-date.ts). Pure: the moment is passed in (default: now).
 */

export const DEFAULT_BUSINESS_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA time zone ('Europe/Berlin', 'UTC'…). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date ('YYYY-MM-DD') a moment falls on in the business time zone. */
export function businessDate(moment: Date, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Today in the business time zone, as 'YYYY-MM-DD'. */
export const businessToday = (timeZone: string, now: Date = new Date()): string => businessDate(now, timeZone);
