/**
 * The names behind `x-user` fields (ADR 002: an integer user id, e.g. CreatedBy, LthrApprvBy):
 * each visible one gets `<Field>Name` beside it in the record the screens receive, so a stamp by
 * any user reads as a name ('System User' for id 1, CONST-025). Fields the user may not see are not
 * in the record, so their names are not either; a field whose name column the view already has
 * (ReleasedBy → ReleasedByName) is left alone.
 */
import type { Queryable } from '../db/client';
import type { EntitySchema } from '../schemas/documents';

type Row = Record<string, unknown>;

export async function withUserNames<T extends Row>(q: Queryable, schema: EntitySchema, rows: T[]): Promise<T[]> {
  const fields = Object.keys(schema.properties).filter((f) => schema.properties[f]['x-user'] && !schema.properties[`${f}Name`]);
  const ids = [...new Set(rows.flatMap((r) => fields.map((f) => r[f]).filter((v): v is number => typeof v === 'number')))];
  if (!ids.length) return rows;
  const found = await q.query<{ userid: number; name: string }>(
    `SELECT userid, CASE WHEN userid = 1 THEN 'System User' ELSE trim(coalesce(firstname, '') || ' ' || coalesce(lastname, '')) END AS name
       FROM users WHERE userid = ANY($1)`, [ids], { prepare: true });
  const names = new Map(found.map((u) => [u.userid, u.name]));
  for (const r of rows) {
    for (const f of fields) if (typeof r[f] === 'number') (r as Row)[`${f}Name`] = names.get(r[f] as number) ?? null;
  }
  return rows;
}
