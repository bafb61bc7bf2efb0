import { describe, expect, it } from 'vitest';
import { accessTokenStale, formatCountdown, msUntilNextPhase, nextRefreshDelay, sessionPhase, WARNING_LEAD_MS } from './session-timer';

const MIN = 60_000;
const end = 3 * 60 * MIN; // a 3-hour session that started at 0 (AUTH-012)

describe('session timer', () => {
  it('AUTH-013 the warning starts 25 minutes before the session ends and the session expires at its end', () => {
    expect(WARNING_LEAD_MS).toBe(25 * MIN);
    expect(sessionPhase(end, 0)).toBe('active');
    expect(sessionPhase(end, end - 25 * MIN - 1)).toBe('active');
    expect(sessionPhase(end, end - 25 * MIN)).toBe('warning');
    expect(sessionPhase(end, end - 1)).toBe('warning');
    expect(sessionPhase(end, end)).toBe('expired');
  });

  it('AUTH-013 the next timer fires at warning start, then at expiry', () => {
    expect(msUntilNextPhase(end, 0)).toBe(end - 25 * MIN);
    expect(msUntilNextPhase(end, end - 10 * MIN)).toBe(10 * MIN);
    expect(msUntilNextPhase(end, end + 5)).toBe(0);
  });

  it('AUTH-013 countdown text', () => {
    expect(formatCountdown(25 * MIN)).toBe('25:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(3600_000 + 2 * MIN + 3000)).toBe('1:02:03');
  });

  it('AUTH-011 the refresh runs refreshInterval minutes after the tokens were issued', () => {
    expect(nextRefreshDelay(0, 15, 0)).toBe(15 * MIN);
    expect(nextRefreshDelay(0, 15, 10 * MIN)).toBe(5 * MIN);
    expect(nextRefreshDelay(0, 15, 20 * MIN)).toBe(0);
  });

  it('an access token with under a minute left counts as stale', () => {
    expect(accessTokenStale(0, 1200, 0)).toBe(false);
    expect(accessTokenStale(0, 1200, 1200_000 - 59_000)).toBe(true);
    expect(accessTokenStale(0, 0, 10 ** 9)).toBe(false);
  });
});
