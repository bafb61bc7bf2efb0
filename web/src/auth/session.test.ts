import { describe, expect, it } from 'vitest';
import { clockSkew, isSession, sessionFromToken, SESSION_MS } from './session';

const answer = {
  access_token: 'AT',
  token_type: 'bearer',
  refresh_token: 'RT',
  expires_in: 1200,
  refreshInterval: 15,
  brands: '[{"BrandId":1,"BrandName":"Alpine"}]',
  permissions: '[{"ModuleId":6,"ActionId":2}]',
  userId: 7,
  userName: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  theme: '4',
  isFactoryUser: 'False',
  showStartupHelp: 'True',
  defaultBrandId: 1,
  defaultSeasonId: null,
  defaultDivisionKey: '01',
  useDefaultsInQuickSearch: true,
  appVersionId: 3,
  validUntil: '2026-01-01T03:00:00.000Z',
};

describe('sessionFromToken (AUTH-009, AUTH-010)', () => {
  it('AUTH-009 reads brands and permissions from JSON text and flags from strings', () => {
    const s = sessionFromToken(answer, 1000);
    expect(s.brandPermissions).toEqual([{ BrandId: 1, BrandName: 'Alpine' }]);
    expect(s.userPermissions).toEqual([{ ModuleId: 6, ActionId: 2 }]);
    expect(s.isFactoryUser).toBe(false);
    expect(s.showStartupHelp).toBe(true);
    expect(s.theme).toBe(4);
    expect(s.userId).toBe('7');
    expect(s.appVersionId).toBe('3');
    expect(s.refreshIntervalMinutes).toBe(15);
    expect(s.refreshedAt).toBe(1000);
    expect(isSession(s)).toBe(true);
  });

  it('AUTH-012 validUntil comes from the server, corrected for clock skew; 3 hours when absent', () => {
    expect(sessionFromToken(answer, 0, 0).validUntil).toBe(Date.parse(answer.validUntil));
    expect(sessionFromToken(answer, 0, 60_000).validUntil).toBe(Date.parse(answer.validUntil) - 60_000);
    expect(sessionFromToken({ ...answer, validUntil: undefined }, 500).validUntil).toBe(500 + SESSION_MS);
  });

  it('carries the business time zone of DECISIONS "Dates"; UTC when the server sends none', () => {
    expect(sessionFromToken({ ...answer, businessTimeZone: 'Asia/Ho_Chi_Minh' }, 0).businessTimeZone).toBe('Asia/Ho_Chi_Minh');
    expect(sessionFromToken(answer, 0).businessTimeZone).toBe('UTC');
  });

  it('SHELL-014 an unset theme stays null (shown as theme 1)', () => {
    expect(sessionFromToken({ ...answer, theme: null }, 0).theme).toBeNull();
    expect(sessionFromToken({ ...answer, theme: 0 }, 0).theme).toBe(0);
  });

  it('tolerates broken lists and already-parsed arrays', () => {
    expect(sessionFromToken({ ...answer, brands: 'not json' }, 0).brandPermissions).toEqual([]);
    expect(sessionFromToken({ ...answer, permissions: [{ ModuleId: 1, ActionId: 1 }] }, 0).userPermissions).toHaveLength(1);
  });
});

describe('clockSkew', () => {
  it('ignores skews within the Date header rounding', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(clockSkew('Thu, 01 Jan 2026 00:00:01 GMT', now)).toBe(0);
    expect(clockSkew('Thu, 01 Jan 2026 00:05:00 GMT', now)).toBe(300_000);
    expect(clockSkew(null, now)).toBe(0);
  });
});
