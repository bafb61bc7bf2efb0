/**
 * Issue 26 "one save path": every update route that takes a version answers a stale save with the
 * one stale-save 409 of server/core/records/stale.ts:
 *   { IsSuccessful: false, Code: 'stale', Message, Errors: [], ChangedBy, ChangedOn, RowVersion }
 * naming the user who saved the record since it was read, when, and the version it is at now.
 * The routes are taken from the router: a POST whose request (body or multipart form) schema
 * declares a version field is an update route that takes a version and must have a case here (read
 * the record, save it once, save again at the version read); an update or save route without one
 * is listed with the reason it takes none. A route added later fails the first test until it is
 * given one or the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../server/app';
import { loadSchemas } from '../../server/core/schemas/registry';
import { createTestApp, type DemoUser, type TestApp } from '../helpers/test-app';
import { CASES, nameOf, token, useApp } from './stale-save-cases';

/** The request fields that carry the version a save was read at (a row version; a message's ChangedOn; a forecast cell's units read). */
const VERSION_FIELDS = ['RowVersion', 'ChangedOn', 'OldUnits'];

type Json = Record<string, any>;

/** The version fields a request schema declares, at any depth (nested objects and array items). */
function versionFields(schema: Json | undefined): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Object.keys(schema.properties ?? {}).filter((f) => VERSION_FIELDS.includes(f));
  const nested = [...Object.values(schema.properties ?? {}), schema.items].flatMap((s) => versionFields(s as Json));
  return [...new Set([...own, ...nested])];
}

const schemas = loadSchemas();
const posts = buildApi().declared.filter((r) => r.method !== 'GET');
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const takesVersion = (r: (typeof posts)[number]) => [r.opts.body, r.opts.form].some((name) => name && versionFields(schemas.requests.get(name) as Json).length);
/** Update and save routes by their name (…Update…, …Save…), whatever their body. */
const namedUpdate = (r: (typeof posts)[number]) => /update|save/i.test(r.path.replace(/^\/api\//, ''));

/** Update and save routes that take no version, and why a stale save cannot happen there. */
const NO_VERSION: Record<string, string> = {
  'POST /api/User/CreateUser': 'creates a user; the shared user-save body carries a RowVersion for UpdateUser only',
  'POST /api/Role/CreateRole': 'creates a role; the shared role-save body carries a RowVersion for UpdateRole only',
  'POST /api/User/UpdateUserTheme': "the user's own theme: only its owner writes it",
  'POST /api/UserPreference/UpdateDashboardPreferences': "the user's own dashboard: only its owner writes it",
  'POST /api/UserPreference/UpdateUserPreferences': "the user's own preferences: only its owner writes them",
  'POST /api/UserPreference/UpdateSingleUserPreference': "one of the user's own preferences: only its owner writes it",
  'POST /api/UserPreference/fields/updateFieldConfiguration/:moduleId':
    'a field layout is replaced whole by the administrator or the user it belongs to (PREF-007)',
  'POST /api/UserPreference/UpdateUserPreferenceSearch': "the user's own saved search: only its owner writes it",
  'POST /api/User/UpdateUserProfile': "the user's own profile: only its owner writes it (PREF-007)",
  'POST /api/User/SaveProjectCreateDefaults': "the user's own wizard defaults: only their owner writes them",
  'POST /api/User/SaveSizeRangePresets': "the user's own size range presets: only their owner writes them",
  'POST /api/SearchHelp/SavePersonalFavorite': "the user's own favorite: adding one twice is the same favorite",
  'POST /api/Library/UpdateDevelopmentCenter': 'a library entry is its key and name; a taken name is refused (409), the spec call has no version',
  'POST /api/QuarterlyForecast/UpdateSalesForecastSettings': 'the list of sales regions replaces the set (QF-012); the spec call has no version',
  'POST /api/Pattern/SavePatternDevelopers': "the pattern's team replaces the set (PAT-006); the spec call has no version",
  'POST /api/Pattern/SaveSpecLogEntry': 'adds a spec log entry; nothing stored is overwritten',
  'POST /api/Prototype/SaveSpecLogEntry': 'adds a spec log entry; nothing stored is overwritten',
  'POST /api/Document/SavePrototypeAssociations': "the document's colorways replace the set (DOC-014); the spec call has no version",
  'POST /api/Prototype/FactoryTransferUpdate': "a factory move checks the colorway's current factory, not a version (CW-059)",
  'POST /api/Prototype/DualSourceUpdate': "a dual-source move checks the colorway's current factory, not a version (CW-060)",
  'POST /api/BuyReady/UpdateBuyReadyOverride': 'an override is keyed by stock number and factory (BR-006..010); the spec call has no version',
  'POST /api/ELC/UpdateBrandDefaults': "the brand's eleven calculator values are written whole (CALC-002); the spec call has no version",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useApp(t);
  const users: DemoUser[] = ['admin', 'designer', 'costing', 'forecast'];
  const tokens = await t.tokens(...users);
  users.forEach((u, i) => {
    token[u] = tokens[i];
  });
  const names = await t.ctx.db.query(`SELECT username, firstname || ' ' || lastname AS name FROM users WHERE username = ANY($1)`, [
    users.map((u) => `${u}@example.com`),
  ]);
  for (const r of names) nameOf[r.username.split('@')[0] as DemoUser] = r.name;
  // New line plans start with empty calendars (the demo's corporate template would seed them).
  await t.ctx.db.query('UPDATE corporate_template_items SET isdeleted = true');
});
afterAll(async () => {
  await t?.close();
});

describe('the stale-save 409 of every update route (issue 26)', () => {
  it('every update route that takes a version has a case here; every other update or save route is listed with why it takes none', () => {
    const versioned = posts.filter(takesVersion).map(routeKey).sort();
    expect(versioned.length).toBeGreaterThan(20);
    expect(
      versioned.filter((k) => !(k in CASES) && !(k in NO_VERSION)),
      'routes that take a version without a stale case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !versioned.includes(k)),
      'cases of routes the router does not have, or that take no version',
    ).toEqual([]);
    const unversioned = posts
      .filter((r) => namedUpdate(r) && !(routeKey(r) in CASES))
      .map(routeKey)
      .sort();
    expect(
      unversioned.filter((k) => !(k in NO_VERSION)),
      'update routes that take no version and are not listed',
    ).toEqual([]);
    expect(
      Object.keys(NO_VERSION).filter((k) => !posts.some((r) => routeKey(r) === k)),
      'listed routes the router does not have',
    ).toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route}: a save at a version read before another save is the stale-save 409 naming that save`, async () => {
      const before = Date.now();
      const { saved, stale, version } = await c.run();
      const savedBody = await saved.json();
      expect(saved.status, JSON.stringify(savedBody)).toBe(200);
      let status = stale.status;
      let body = await stale.json();
      if (c.grid) {
        expect(savedBody.Failed).toEqual([]);
        expect(stale.status).toBe(200);
        expect(body.Failed).toHaveLength(1);
        const { Key: _k, Status, ...row } = body.Failed[0];
        status = Status;
        body = { IsSuccessful: body.IsSuccessful, ...row };
      }
      expect(status, JSON.stringify(body)).toBe(409);
      const name = nameOf[c.first];
      expect(body.ChangedOn, JSON.stringify(body)).toEqual(expect.any(String));
      expect(Date.parse(body.ChangedOn)).toBeGreaterThanOrEqual(before - 5000);
      expect(Date.parse(body.ChangedOn)).toBeLessThanOrEqual(Date.now());
      const when = `${body.ChangedOn.slice(0, 10)} ${body.ChangedOn.slice(11, 16)}`;
      expect(body).toEqual({
        IsSuccessful: false,
        Code: 'stale',
        Errors: [],
        ChangedBy: name,
        ChangedOn: new Date(body.ChangedOn).toISOString(),
        RowVersion: version,
        Message: `This record was changed by ${name} on ${when} UTC after you opened it. Reload it to see the changes; nothing was saved.`,
      });
    });
  }
});
