/**
 * A business time zone (DECISIONS "Dates") whose calendar date differs from UTC's right now, so a
 * test that runs the server in it sees which zone a stamped date was taken in: Pago Pago (UTC-11)
 * is still on the day before until 11:00 UTC, Kiritimati (UTC+14) is on the next day from 10:00 UTC.
 */
import { businessToday } from '../../server/domain/business-date';

export function zoneAwayFromUtc(now = new Date()): string {
  const zone = now.getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  if (businessToday(zone, now) === businessToday('UTC', now)) throw new Error(`${zone} is on the UTC date at ${now.toISOString()}`);
  return zone;
}
