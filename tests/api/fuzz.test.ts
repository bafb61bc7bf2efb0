/**
 * Issue 10: a bounded fuzz of the whole API, generated from what the OpenAPI document declares
 * (GET /api/openapi.json: every route's query and path parameters and request body schema) with
 * fast-check under a fixed seed. Each request starts from plausible values (so it reaches the
 * handler) and makes one to three of them hostile: wrong types, int4 and float extremes, NaN and
 * Infinity spellings, NUL characters, huge strings, missing required fields; the upload routes
 * also get multipart bodies cut before their closing boundary. Sent as an administrator, as a
 * factory user, as the read-only viewer and anonymously. Any 5xx fails the suite, as does an app that stops answering.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bodySchema, openApiRoutes, plausible, plausibleParam, typesOf, type Route, type Schema } from '../helpers/openapi-routes';

// FUZZ_SEED and FUZZ_SCALE explore further by hand; CI runs the fixed seed at scale 1.
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/** Requests per route and user: enough to hit every parameter with a few hostile values, bounded for CI. */
const RUNS = { admin: 12 * SCALE, factory: 6 * SCALE, viewer: 2 * SCALE, anonymous: 2 * SCALE };
type Who = keyof typeof RUNS;

let t: TestApp;
let tokens: Record<Who, string | undefined>;
let routes: Route[];
/** Field names of every entity: the keys of free-form objects (record changes, grid rows). */
let entityFields: string[];
let grids: string[];

beforeAll(async () => {
  t = await createTestApp();
  const [admin, factory, viewer] = await t.tokens('admin', 'factory', 'viewer');
  tokens = { admin, factory, viewer, anonymous: undefined };
  routes = await openApiRoutes(t);
  entityFields = [...new Set([...t.ctx.schemas.entities.values()].flatMap((e) => Object.keys(e.properties)))];
  grids = [...t.ctx.schemas.grids.keys()];
});
afterAll(async () => {
  await t?.close();
});

const HUGE = 'x'.repeat(200_000);
const hostileText = fc.constantFrom(
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '0x10',
  ' 1',
  'abc',
  '',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uffff\ud800',
  'x'.repeat(5000),
  '<script>',
  "'; DROP TABLE users; --",
  '9'.repeat(40),
);
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    2147483648,
    -2147483649,
    -1,
    0,
    1e308,
    -1e308,
    1.5,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    true,
    false,
    null,
    '',
    '\u0000',
    'a\u0000b',
    HUGE,
    [],
    {},
    [null],
    [1e308],
    { a: '\u0000' },
    '2147483648',
    '1e308',
    'NaN',
    '2026-02-30',
    '99999-01-01',
    'abc',
  ),
  hostileText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30, unit: 'binary' }),
);

/** A body: the schema's plausible object with up to three properties made hostile and up to two dropped. */
function bodyArb(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.keys(schema.properties ?? {});
  const keys = props.length ? props : ['Id'];
  const freeForm = fc.dictionary(fc.constantFrom(...entityFields), hostileJson, { maxKeys: 3 });
  return fc
    .record({
      hostile: fc.dictionary(fc.constantFrom(...keys), hostileJson, { maxKeys: 3 }),
      dropped: fc.subarray(props, { maxLength: Math.min(2, props.length) }),
      freeForm,
    })
    .map(({ hostile, dropped, freeForm: free }) => {
      const body = plausible(schema) as Record<string, unknown>;
      // Free-form objects (record Changes, grid rows) get entity field names with hostile values.
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (typesOf(v).includes('object') && !v.properties) body[k] = free;
        if (typesOf(v).includes('array') && v.items && typesOf(v.items).includes('object')) body[k] = [{ ...(plausible(v.items) as object), ...free }];
      }
      for (const d of dropped) delete body[d];
      return { ...body, ...hostile };
    });
}

interface Sent {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

/** A path segment; a lone surrogate (not encodable) becomes an overlong UTF-8 escape instead. */
const pathSegment = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%c0%ae';
  }
};

function requestArb(route: Route): fc.Arbitrary<Sent> {
  const params = route.op.parameters ?? [];
  const values = fc.tuple(
    ...params.map((p) =>
      fc.oneof(
        { weight: 2, arbitrary: fc.constant<string | undefined>(plausibleParam(p, grids[0])) },
        { weight: 2, arbitrary: hostileText as fc.Arbitrary<string | undefined> },
        { weight: p.in === 'path' ? 0 : 1, arbitrary: fc.constant<string | undefined>(undefined) },
      ),
    ),
  );
  const schema = bodySchema(route);
  const body = schema ? fc.tuple(bodyArb(schema), fc.boolean()).map(([b, form]) => ({ b, form })) : fc.constant(undefined);
  return fc.tuple(values, body).map(([vals, b]) => {
    let path = route.path;
    const query = new URLSearchParams();
    params.forEach((p, i) => {
      const v = vals[i];
      if (p.in === 'path') path = path.replace(`{${p.name}}`, pathSegment(v ?? '1'));
      else if (v !== undefined) query.set(p.name, v);
    });
    const url = `${path}${query.size ? `?${query}` : ''}`;
    if (!b) return { method: route.method, url };
    // Forms carry strings only: objects are sent as their JSON text, as a careless client would.
    if (b.form) {
      const form = new URLSearchParams(Object.entries(b.b).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
      return { method: route.method, url, body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
    }
    return { method: route.method, url, body: JSON.stringify(b.b), contentType: 'application/json' };
  });
}

const BOUNDARY = 'fuzzXfuzz';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${bytes}`;

/** Multipart bodies for an upload route: hostile field values, a file name, and a cut anywhere (or no cut). */
const uploadArb = fc
  .record({
    fields: fc.dictionary(
      fc.constantFrom('ProjectId', 'ProjectLevel', 'ImageType', 'ProjLevDocCategoryId', 'IsApproved', 'FactoryKey', 'LinePlanId', 'RowVersion'),
      fc.oneof(fc.constant('1'), hostileText),
      { maxKeys: 5 },
    ),
    name: fc.constantFrom('a.png', 'a.pdf', 'a.xlsx', '', 'a\u0000.png', '../../etc/passwd', 'x'.repeat(300)),
    bytes: fc.constantFrom('\x89PNG\r\n\x1a\n', '%PDF-1.4', 'PK\x03\x04', '', '\u0000'.repeat(50)),
    cut: fc.option(fc.nat(400), { nil: undefined }),
  })
  .map(({ fields, name, bytes, cut }) => {
    const whole = `${
      Object.entries(fields)
        .map(([k, v]) => part(k, v))
        .join('') + filePart(name, bytes)
    }\r\n--${BOUNDARY}--\r\n`;
    return cut === undefined ? whole : whole.slice(0, Math.min(cut, whole.length - 8));
  });
const UPLOADS = ['/api/Image/UploadImage', '/api/Document/UploadDocument', '/api/LinePlan/ImportCalendar'];

describe('issue 10: fuzz of every declared route', () => {
  it(
    'no generated request answers 5xx, and the app keeps answering',
    async () => {
      const started = Date.now();
      const failures: string[] = [];
      let sent = 0;
      const statuses: Record<number, number> = {};
      const backstops: string[] = [];
      const send = async (who: Who, req: Sent) => {
        const headers: Record<string, string> = {};
        if (tokens[who]) headers.authorization = `Bearer ${tokens[who]}`;
        if (req.contentType) headers['content-type'] = req.contentType;
        const res = await t.fetch(new Request(`http://localhost${req.url}`, { method: req.method, headers, body: req.body }));
        sent++;
        // A stream (the change feed, issue 30) never ends by itself: its status and headers are the answer.
        const stream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
        const text = stream ? '' : await res.text();
        if (stream) await res.body?.cancel();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        // The database backstop answered: validation let this through (worth a look, not a failure).
        if (text.includes('"SqlState"') && backstops.length < 20)
          backstops.push(`${who} ${req.method} ${req.url.slice(0, 200)} ${req.body?.slice(0, 300) ?? ''} -> ${text.slice(0, 200)}`);
        if (res.status >= 500)
          failures.push(`${who} ${req.method} ${req.url.slice(0, 300)} ${req.body?.slice(0, 300) ?? ''} -> ${res.status} ${text.slice(0, 200)}`);
      };
      let seed = SEED;
      for (const who of ['anonymous', 'viewer', 'factory', 'admin'] as const) {
        for (const route of routes) {
          for (const req of fc.sample(requestArb(route), { seed: seed++, numRuns: RUNS[who] })) await send(who, req);
        }
        for (const url of UPLOADS) {
          for (const body of fc.sample(uploadArb, { seed: seed++, numRuns: RUNS[who] * 4 })) {
            await send(who, { method: 'POST', url, body, contentType: `multipart/form-data; boundary=${BOUNDARY}` });
          }
        }
      }
      const health = await t.request('GET', '/api/health');
      console.log(
        `fuzz: ${sent} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`,
      );
      if (backstops.length) console.log(`answered by the database backstop:\n${backstops.join('\n')}`);
      expect(failures.slice(0, 30)).toEqual([]);
      expect(health.status).toBe(200);
      expect(sent).toBeGreaterThan(2000);
    },
    180_000 * SCALE,
  );
});
