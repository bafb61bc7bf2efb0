import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../auth/session-store';
import { sessionFromToken } from '../auth/session';
import { businessTimeZone, todayIso } from './business-date';

const signIn = (zone?: string) =>
  useSessionStore.setState({
    session: sessionFromToken({ access_token: 'AT', refresh_token: 'RT', businessTimeZone: zone }, 0),
  });

describe('today in the browser (DECISIONS "Dates")', () => {
  afterEach(() => useSessionStore.setState({ session: null }));

  it("is the calendar date in the zone the session carries, not the browser's", () => {
    const moment = new Date('2026-11-27T23:30:00Z');
    signIn('Asia/Ho_Chi_Minh');
    expect(businessTimeZone()).toBe('Asia/Ho_Chi_Minh');
    expect(todayIso(moment)).toBe('2026-11-28');
    signIn('America/Los_Angeles');
    expect(todayIso(moment)).toBe('2026-11-27');
  });

  it('is the UTC date before sign-in', () => {
    expect(businessTimeZone()).toBe('UTC');
    expect(todayIso(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-27');
  });
});
