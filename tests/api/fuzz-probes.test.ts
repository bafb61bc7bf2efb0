/**
 * Issue 29: the probes the random fuzz (fuzz.test.ts) did not generate, sent to every operation of
 * the OpenAPI document as the administrator, a factory user, the read-only viewer and anonymously:
 * JSON bodies nested 20,000 levels deep in every shape (objects, arrays, `{"rows":[[[…]]]}`, mixed,
 * deep inside a declared field, exactly at the limit, behind a JSON content type with a charset),
 * deep JSON (and a deep saved-search document) as the text of body fields, form fields and query
 * values, long query values and path segments, thousands of undeclared parameters, and on every grid
 * search and export every criterion any grid declares (the factory user: brand, season and status).
 * Any 5xx, an answer cut off midway, a new error-log row, or an app that stops answering fails the
 * suite. Deterministic (no random choice): about 12,500 requests, 2 to 5 minutes on a shared 2-core
 * machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bodySchema, openApiRoutes, plausible, plausibleParam, type Route, type Schema } from '../helpers/openapi-routes';
import { MAX_BODY_DEPTH } from '../../server/core/http/json-body';

const WHO = ['anonymous', 'viewer', 'factory', 'admin'] as const;
type Who = (typeof WHO)[number];
const DEEP = 20_000;
const DEPTH_MESSAGE = `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`;

let t: TestApp;
let tokens: Record<Who, string | undefined>;
let routes: Route[];
let grids: string[];
/** Every criterion a grid search takes: the request schema's and each grid's declared criteria and filters. */
let criteria: [string, unknown][];

beforeAll(async () => {
  t = await createTestApp();
  const [admin, factory, viewer] = await t.tokens('admin', 'factory', 'viewer');
  tokens = { admin, factory, viewer, anonymous: undefined };
  routes = await openApiRoutes(t);
  grids = [...t.ctx.schemas.grids.keys()];
  const search = t.ctx.schemas.requests.get('grid-search')!.properties as unknown as Record<string, Schema>;
  const names = new Set([
    ...Object.keys(search).filter((k) => /^[A-Z]/.test(k) && k !== 'Keys'),
    ...[...t.ctx.schemas.grids.values()].flatMap((g) => [...(g.criteria ?? []), ...(g.filters?.equals ?? []), ...(g.filters?.text ?? [])]),
  ]);
  criteria = [...names].map((n) => [n, search[n] ? plausible(search[n]) : 1]);
});
afterAll(async () => {
  await t?.close();
});

const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepMixed = (n: number) => `${'[{"a":'.repeat(n / 2)}1${'}]'.repeat(n / 2)}`;
const DEEP_TEXT = deepArray(DEEP);

interface Probe {
  kind: string;
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

/** The route's URL with plausible path and query values, or the given ones. */
function urlOf(route: Route, grid: string, query: (name: string) => string | undefined = () => undefined, path?: string) {
  let url = route.path;
  const q = new URLSearchParams();
  for (const p of route.op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(path ?? plausibleParam(p, grid)));
    else q.set(p.name, query(p.name) ?? plausibleParam(p, grid));
  }
  return `${url}${q.size ? `?${q}` : ''}`;
}

/** The route's plausible body as JSON text with `deep` (raw JSON) in place of the named properties. */
function withDeep(schema: Schema | undefined, keys: (props: string[]) => string[], deep: string) {
  const body = (schema ? plausible(schema) : {}) as Record<string, unknown>;
  const props = Object.keys(body).length ? Object.keys(body) : ['Id'];
  for (const k of keys(props)) body[k] = '\u0001DEEP';
  return JSON.stringify(body).replaceAll('"\\u0001DEEP"', deep);
}

/** Every probe of one operation. */
function probesOf(route: Route): Probe[] {
  const { method } = route;
  const grid = grids[0];
  const url = urlOf(route, grid);
  const schema = bodySchema(route);
  const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const out: Probe[] = [];
  const json = (kind: string, body: string, contentType = 'application/json') => out.push({ kind, method, url, body, contentType });
  if (method !== 'GET') {
    json('deep object', deepObject(DEEP));
    json('deep array', deepArray(DEEP));
    json('deep rows', `{"rows":${deepArray(DEEP)}}`);
    json('deep mixed', deepMixed(DEEP));
    json('deep charset', deepObject(DEEP), 'application/json; charset=UTF-8');
    json(
      'deep in first field',
      withDeep(schema, (p) => p.slice(0, 1), deepObject(5_000)),
    );
    json(
      'deep in every field',
      withDeep(schema, (p) => p, deepArray(200)),
    );
    // The whole body exactly at the limit: read, then validated (the recursive checks run at full depth).
    json(
      'at the limit',
      withDeep(schema, (p) => p, deepArray(MAX_BODY_DEPTH - 1)),
    );
    json(
      'deep JSON as text',
      withDeep(schema, (p) => p, JSON.stringify(DEEP_TEXT)),
    );
    // The same as a document the app reads back from text (a saved search's value: name and search terms).
    json(
      'deep document as text',
      withDeep(schema, (p) => p, JSON.stringify(`{"name":"x","searchTerms":${deepObject(15_000)}}`)),
    );
    const form = new URLSearchParams([...Object.keys(schema?.properties ?? { Id: {} }), 'rows', 'Value'].map((k) => [k, DEEP_TEXT]));
    out.push({ kind: 'deep JSON in a form', method, url, body: form.toString(), contentType: 'application/x-www-form-urlencoded' });
  }
  if (query.length) {
    out.push({ kind: 'deep JSON in the query', method, url: urlOf(route, grid, () => DEEP_TEXT) });
    out.push({ kind: 'long query values', method, url: urlOf(route, grid, () => '9'.repeat(100_000)) });
  }
  out.push({
    kind: 'many undeclared parameters',
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}${Array.from({ length: 5_000 }, (_, i) => `p${i}=${i}`).join('&')}`,
  });
  if (route.path.includes('{')) out.push({ kind: 'long path segment', method, url: urlOf(route, grid, undefined, 'x'.repeat(10_000)) });
  return out;
}

/**
 * Grid searches and exports (the generic calls for every grid, the named ones as they are) with each
 * criterion any grid declares. An export of a whole grid is slow, so exports get the four common
 * criteria one by one and the others together (the searches check each alone, through the same code).
 */
function criteriaProbes(route: Route, onlyCommon: boolean): Probe[] {
  const schema = bodySchema(route);
  if (route.method !== 'POST' || !schema?.properties?.columnFilters) return [];
  const ids = route.path.includes('{gridId}') ? grids : [grids[0]];
  const common = ['BrandId', 'SeasonId', 'StatusId', 'StatusIdSecondary'];
  const bodies: Record<string, unknown>[] = onlyCommon
    ? common.map((n) => ({ [n]: 1 }))
    : /export/i.test(route.path)
      ? [...criteria.filter(([n]) => common.includes(n)).map(([n, v]) => ({ [n]: v })), Object.fromEntries(criteria.filter(([n]) => !common.includes(n)))]
      : criteria.map(([n, v]) => ({ [n]: v }));
  return ids.flatMap((grid) =>
    bodies.map((extra) => ({
      kind: "another grid's criterion",
      method: 'POST',
      url: urlOf(route, grid),
      contentType: 'application/json',
      body: JSON.stringify({ pageNumber: 1, pageSize: 1, ...extra }),
    })),
  );
}

const errorLogCount = async () => Number((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_log'))[0].n);

describe('issue 29: probes of every operation', () => {
  it("deep nesting, another grid's criteria, long query strings: no 5xx, nothing logged, the app keeps answering", async () => {
    const started = Date.now();
    const logged = await errorLogCount();
    const failures: string[] = [];
    const depthMisses: string[] = [];
    const byKind: Record<string, Record<number, number>> = {};
    let sent = 0;
    for (const who of WHO) {
      for (const route of routes) {
        // Searches cost: every criterion goes to every grid's search and export as the administrator; the factory user
        // (whose hidden fields are refused as criteria) sends brand, season and status.
        const extra = who === 'admin' || who === 'factory' ? criteriaProbes(route, who === 'factory') : [];
        for (const probe of [...probesOf(route), ...extra]) {
          const headers: Record<string, string> = {};
          if (tokens[who]) headers.authorization = `Bearer ${tokens[who]}`;
          if (probe.contentType) headers['content-type'] = probe.contentType;
          const res = await t.fetch(new Request(`http://localhost${probe.url}`, { method: probe.method, headers, body: probe.body }));
          sent++;
          // The change feed (GET /api/Feed) streams until the client leaves: its headers are the answer.
          const stream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
          if (stream) await res.body?.cancel();
          // An answer cut off midway (a streamed export failing after its headers) is a server error too.
          const text = stream
            ? ''
            : await res.text().catch((e: Error) => {
                failures.push(`${who} ${probe.kind}: ${probe.method} ${probe.url.slice(0, 160)} ${probe.body?.slice(0, 160) ?? ''} -> cut off: ${e.message}`);
                return '';
              });
          const counts = (byKind[probe.kind] ??= {});
          counts[res.status] = (counts[res.status] ?? 0) + 1;
          if (res.status >= 500)
            failures.push(
              `${who} ${probe.kind}: ${probe.method} ${probe.url.slice(0, 160)} ${probe.body?.slice(0, 160) ?? ''} -> ${res.status} ${text.slice(0, 200)}`,
            );
          // A JSON route the user may call reads the body: a deep body is refused by the depth limit, never by something after it.
          if (probe.kind === 'deep object' && bodySchema(route) && res.status === 400 && !text.includes(DEPTH_MESSAGE))
            depthMisses.push(`${who} ${probe.url} -> ${text.slice(0, 200)}`);
        }
      }
      expect([who, await errorLogCount()]).toEqual([who, logged]);
    }
    const health = await t.request('GET', '/api/health');
    console.log(
      `fuzz probes: ${sent} requests over ${routes.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses by kind ${JSON.stringify(byKind)}`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
    expect(depthMisses.slice(0, 10)).toEqual([]);
    expect(byKind['deep object'][400]).toBeGreaterThan(100);
    expect(health.status).toBe(200);
  }, 600_000);
});
