/**
 * GET /api/CellHistory (issue 30): one field's history for one record from the audit trail, newest
 * first: who, when, old → new, and the path (screen, grid, upload, carryover). Read like the record:
 * the entity's module read, the record in the user's brands and factories (a record outside them
 * answers like a missing one), and only a field the user may see. `CanRestore` says whether the
 * user may change the field (the grid offers "Restore this value" then, through its own save).
 */
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { notFound, permissionDenied } from '../http/errors';
import { intParam, queryParam } from '../http/request';
import { recordState } from '../records/access';
import { hasView, recordKey } from '../records/columns';
import { fieldAccess, holds } from '../schemas/visibility';

/** At most this many entries, newest first. */
export const CELL_HISTORY_LIMIT = 200;

const USER_NAME = `CASE WHEN a.userid = 1 OR u.userid IS NULL THEN 'System User' ELSE trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) END`;

export function cellHistoryRoutes(r: ApiRouter) {
  r.get('/api/CellHistory', SIGNED_IN, { query: { entity: 'text', id: 'id', field: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const entity = queryParam(c, 'entity') ?? '';
    const field = queryParam(c, 'field') ?? '';
    const id = intParam(c, 'id');
    const schema = ctx.schemas.entities.get(entity);
    if (!schema?.['x-tables'] || !(await hasView(ctx, entity))) throw notFound('The record was not found.');
    const module = ctx.schemas.visibility.get(entity)?.module ?? schema['x-module'];
    if (module && !holds(user, [module, 'read'])) throw permissionDenied();
    await recordState(ctx, user, entity, recordKey(schema), id);
    const access = fieldAccess(ctx.schemas, user, entity);
    if (!schema.properties[field] || access.hidden.has(field)) throw notFound('The field was not found.');
    const rows = await ctx.db.query<{ changedat: string; name: string; oldvalue: string | null; newvalue: string | null; via: string | null }>(
      `SELECT a.changedat, ${USER_NAME} AS name, a.oldvalue, a.newvalue, a.via
         FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
        WHERE a.entity = $1 AND a.entityid = $2 AND a.field = $3 ORDER BY a.auditid DESC LIMIT ${CELL_HISTORY_LIMIT}`,
      [entity, String(id), field],
    );
    return c.json({
      Entity: entity,
      Id: id,
      Field: field,
      Title: schema.properties[field].title ?? field,
      CanRestore: !access.readOnly.has(field),
      Entries: rows.map((r) => ({ ChangedOn: r.changedat, ChangedBy: r.name, OldValue: r.oldvalue, NewValue: r.newvalue, Path: r.via ?? 'screen' })),
    });
  });
}
