/**
 * The API's operations as the OpenAPI document declares them (GET /api/openapi.json), and values
 * their schemas accept: what the fuzz suites (tests/api/fuzz*.test.ts) start every request from, so
 * that it gets past validation to the code behind it.
 */
import type { TestApp } from './test-app';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | Schema;
  minLength?: number;
};
export interface Param {
  name: string;
  in: 'query' | 'path';
  schema: Schema;
}
export interface Operation {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface Route {
  method: string;
  path: string;
  op: Operation;
}

/**
 * Every operation but signing out (it ends the session the rest of a run uses); writes to users and
 * roles last, since they can take the fuzzing user's own rights away.
 */
export async function openApiRoutes(t: TestApp): Promise<Route[]> {
  const doc = (await (await t.request('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
  const late = (r: Route) => Number(/^\/api\/(User|Role)\//.test(r.path) && r.method === 'POST');
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
    .filter((r) => !/\/(logout|revoke)/i.test(r.path))
    .sort((a, b) => late(a) - late(b));
}

export const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : [s.type]);

/** A value the schema accepts, so a request gets past validation to the code behind it. */
export function plausible(s: Schema = {}): unknown {
  if (s.enum) return s.enum[0];
  const type = typesOf(s).find((x) => x !== 'null');
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items)];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'string':
      return s.format === 'date' ? '2026-03-01' : s.format === 'date-time' ? '2026-03-01T00:00:00Z' : s.format === 'email' ? 'fuzz@example.com' : 'x';
    default:
      return 1;
  }
}

/** A path or query value the parameter accepts; `gridId` is the given grid. */
export function plausibleParam(p: Param, gridId: string): string {
  if (p.name === 'gridId') return gridId;
  if (p.name === 'name') return 'colorway.schema.json';
  if (p.schema.enum) return String(p.schema.enum[0]);
  if (p.schema.type === 'string') return p.schema.pattern ? '1' : 'x';
  return '1';
}

/** The JSON body schema of an operation, if it takes one. */
export const bodySchema = (route: Route): Schema | undefined => route.op.requestBody?.content['application/json']?.schema;
