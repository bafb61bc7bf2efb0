/**
 * The rows of the two colorway search tables that differ from colorway_search_source's, both ways
 * (none when current), once the pending stamps are applied as a search applies them (migration 040):
 * of the colorways `keys`, or of all (stored generated columns, such as the /Search text, left out:
 * the database computes them). One statement per call after the first.
 */
import type { Queryable } from '../../server/core/db/client';

const statements = new Map<string, string>();

async function driftSql(q: Queryable, some: boolean) {
  const key = String(some);
  if (!statements.has(key)) {
    const only = some ? ' WHERE prototypeseasonalid = ANY($1)' : '';
    const parts: string[] = [];
    for (const table of ['colorway_search', 'colorway_search_changes']) {
      const cols = (
        await q.query<{ c: string }>(
          `SELECT attname AS c FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [table],
        )
      )
        .map((r) => r.c)
        .join(', ');
      parts.push(
        `(SELECT ${cols} FROM ${table}${only} EXCEPT SELECT ${cols} FROM colorway_search_source${only})`,
        `(SELECT ${cols} FROM colorway_search_source${only} EXCEPT SELECT ${cols} FROM ${table}${only})`,
      );
    }
    statements.set(key, parts.map((p) => `(SELECT count(*)::int FROM ${p} d)`).join(' + '));
  }
  return statements.get(key)!;
}

export async function searchDrift(q: Queryable, keys?: number[]): Promise<number> {
  await q.query('SELECT colorway_search_catch_up()');
  return (await q.query<{ n: number }>(`SELECT ${await driftSql(q, !!keys)} AS n`, keys ? [keys] : []))[0].n;
}
