/**
 * "Today" in the browser (DECISIONS "Dates"): the calendar date in the business time zone the
 * server sends with the session (BUSINESS_TIME_ZONE), by the same rule the server runs
 * (@domain/business-date). Every screen and grid that dates something or compares with today
 * takes it from here, never from the browser's own zone.
 */
import { businessToday, DEFAULT_BUSINESS_TIME_ZONE } from '@domain/business-date';
import { useSessionStore } from '../auth/session-store';

/** The business time zone of the signed-in session (UTC before sign-in or for an older stored session). */
export const businessTimeZone = (): string => useSessionStore.getState().session?.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE;

/** Today in the business time zone, 'YYYY-MM-DD'. */
export const todayIso = (now: Date = new Date()): string => businessToday(businessTimeZone(), now);
