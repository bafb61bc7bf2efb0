import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; opts: { query?: Record<string, unknown>; json?: Record<string, unknown> } }[] = [];
/** The server's preferences by user: what GetUserPreferences answers for the signed-in user. */
let answer: () => unknown = () => [];

vi.mock('../../api/http', () => ({
  ApiError: class ApiError extends Error {
    constructor(readonly status: number) {
      super(String(status));
    }
  },
  apiFetch: async (path: string, opts: { query?: Record<string, unknown>; json?: Record<string, unknown> }) => {
    calls.push({ path, opts });
    return path.endsWith('GetUserPreferences') ? answer() : {};
  },
}));

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => {
    store.set(k, v);
  },
});

const { loadColumnPrefs, saveColumnPrefs } = await import('./prefs-store');

describe('column preference store (PREF-013)', () => {
  beforeEach(() => {
    calls.length = 0;
    store.clear();
    answer = () => [];
  });

  it('keeps widths with the order and hidden columns, in this browser under a key with the user id and on the server', async () => {
    await saveColumnPrefs('7', 'costing', { order: [], hidden: [], widths: { SeasonName: 220 } });
    expect(JSON.parse(store.get('plm.grid-columns.7.costing')!)).toEqual({ order: [], hidden: [], widths: { SeasonName: 220 } });
    expect(store.has('plm.grid-columns.8.costing')).toBe(false);
    const save = calls.find((c) => c.path.endsWith('UpdateSingleUserPreference'))!;
    expect(save.opts.json).toMatchObject({ preferenceName: 'GridColumns:costing', ensureUnique: true, userPreferenceId: 0 });
    expect(JSON.parse(String(save.opts.json!.preferenceValue)).widths).toEqual({ SeasonName: 220 });
  });

  it("reads the server value first, and one user's stored preference id is never sent for another user", async () => {
    answer = () => [{ UserPreferenceId: 41, PreferenceName: 'GridColumns:costing', Value: '{"order":[],"hidden":[],"widths":{"FFC":150}}' }];
    expect((await loadColumnPrefs('7', 'costing')).widths).toEqual({ FFC: 150 });
    await saveColumnPrefs('7', 'costing', { order: [], hidden: [] });
    await saveColumnPrefs('8', 'costing', { order: [], hidden: [] });
    const ids = calls.filter((c) => c.path.endsWith('UpdateSingleUserPreference')).map((c) => c.opts.json!.userPreferenceId);
    expect(ids).toEqual([41, 0]);
  });
});
