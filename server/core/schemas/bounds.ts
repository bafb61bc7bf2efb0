/**
 * Issue 10: what a column can store, added to every schema before it is compiled, so no payload
 * reaches PostgreSQL with a value it refuses (22003 numeric out of range): an integer without its
 * own bounds is an int4, a number without its own bounds fits numeric(10,2), the narrowest money
 * column. The documents themselves are left as written (a bounded copy is compiled).
 */
export const INT4 = { minimum: -2147483648, maximum: 2147483647 } as const;
export const NUMBER = { minimum: -99999999.99, maximum: 99999999.99 } as const;

const typesOf = (s: Record<string, unknown>) => (Array.isArray(s.type) ? s.type : [s.type]);

export function withStorageBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withStorageBounds) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : withStorageBounds(v);
  const types = typesOf(out);
  const bounds = types.includes('integer') ? INT4 : types.includes('number') ? NUMBER : undefined;
  if (bounds && !('enum' in out) && !('const' in out)) {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = bounds.minimum;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = bounds.maximum;
  }
  return out as T;
}
