import { describe, expect, it } from 'vitest';
import { LOAD_FRESH_MS, refreshDecision } from './refresh-decision';
import { currentSession } from './rotation-ledger';
import type { Session } from './session';

const base = (over: Partial<Session> = {}): Session => ({
  accessToken: 'a',
  tokenType: 'bearer',
  refreshToken: 'r1',
  expiresIn: 1200,
  refreshIntervalMinutes: 15,
  refreshedAt: 0,
  validUntil: 3 * 3600_000,
  userId: '1',
  userName: 'u',
  firstName: '',
  lastName: '',
  theme: null,
  isFactoryUser: false,
  showStartupHelp: false,
  brandPermissions: [],
  userPermissions: [],
  appVersionId: null,
  defaultBrandId: null,
  defaultSeasonId: null,
  defaultDivisionKey: null,
  useDefaultsInQuickSearch: false,
  ...over,
});

describe('refreshDecision (AUTH-011)', () => {
  it('signed out in storage means no refresh', () => {
    expect(refreshDecision('scheduled', null, base(), 0)).toBe('signedOut');
  });

  it('AUTH-011 another tab already spent the token: adopt its session instead of sending the old token', () => {
    const held = base({ refreshToken: 'r1' });
    const stored = base({ refreshToken: 'r2', refreshedAt: 1000 });
    expect(refreshDecision('scheduled', stored, held, 2000)).toBe('adopt');
    expect(refreshDecision('retry', stored, held, 2000)).toBe('adopt');
  });

  it('on load, a just-issued token is not refreshed again', () => {
    const s = base({ refreshedAt: 1000 });
    expect(refreshDecision('load', s, s, 1000 + LOAD_FRESH_MS - 1)).toBe('skip');
    expect(refreshDecision('load', s, s, 1000 + LOAD_FRESH_MS)).toBe('refresh');
  });

  it('a scheduled refresh is skipped when another tab refreshed less than half an interval ago', () => {
    const s = base({ refreshedAt: 0, refreshIntervalMinutes: 10 });
    expect(refreshDecision('scheduled', s, s, 4 * 60_000)).toBe('skip');
    expect(refreshDecision('scheduled', s, s, 10 * 60_000)).toBe('refresh');
  });

  it('a retry after a lost connection always refreshes', () => {
    const s = base({ refreshedAt: 0 });
    expect(refreshDecision('retry', s, s, 1)).toBe('refresh');
  });

  it('AUTH-011 storage still showing a token another tab spent (its copy lags): the rotation ledger gives the session it bought, adopted, not sent again', () => {
    const spent = base({ refreshToken: 'r1' });
    const bought = base({ refreshToken: 'r2', refreshedAt: 5000 });
    const now = currentSession(spent, { spent: 'r1', next: bought });
    expect(now).toBe(bought);
    expect(refreshDecision('load', now, spent, 6000)).toBe('adopt');
    expect(refreshDecision('retry', now, spent, 6000)).toBe('adopt');
  });
});
