/**
 * Calls every level of the product hierarchy (line plan, brief, pattern, colorway) shares, all
 * through the generic records pipeline: one record, a paged search, the update of changed fields
 * (optimistic concurrency, field rights, the shared status rules of server/features/hierarchy/rules.ts and
 * the entity's own hooks) and the record's change history from the audit log. Create, delete and
 * the entity-specific actions live in each entity's route module.
 */
import { can } from '../../core/auth/permissions';
import { perm, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { intParam } from '../../core/http/request';
import { permissionDenied } from '../../core/http/errors';
import { column, viewOf } from '../../core/records/columns';
import { readRecord } from '../../core/records/read';
import { scope } from '../../core/records/scope';
import { searchRecords } from '../../core/records/search';
import { type SearchRequest } from '../../core/records/search-criteria';
import { recordState } from '../../core/records/access';
import { updateRecord, type UpdateRequest } from '../../core/records/write';
import { fieldAccess } from '../../core/schemas/visibility';
import { HIERARCHY, hierarchyLevel, withDeletedMessage } from './levels';
import { historyEntryTitle } from './history-entries';

export function hierarchyRoutes(r: ApiRouter) {
  // LOOKUP-028: is the record (a project at its level) deleted? One the user may not see answers like a missing one.
  r.get('/api/Status/IsRecordDeleted', SIGNED_IN, { query: { ProjectLevelId: 'id', ProjectId: 'id' } }, async (c) => {
    const h = hierarchyLevel(intParam(c, 'ProjectLevelId'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    return c.json((await recordState(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, 'ProjectId'))).deleted);
  });

  // LOOKUP-027: the seasons a project lives in (projId is the base record's id), of the rows the user may see.
  r.get('/api/Season/GetProjectsSeasons', SIGNED_IN, { query: { projLevel: 'id', projId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const h = hierarchyLevel(intParam(c, 'projLevel'));
    if (!can(user, h.module, 'read')) throw permissionDenied();
    const schema = ctx.schemas.entities.get(h.entity)!;
    const baseKey = Object.values(schema['x-tables'] ?? {})[0];
    const s = scope(schema, user, 1);
    const rows = await ctx.db.query(
      `SELECT DISTINCT v.seasonid AS "SeasonId", s.seasonname AS "SeasonName", s.sortorder
         FROM (SELECT seasonid FROM ${viewOf(h.entity)} WHERE ${[`${column(schema, baseKey)} = $1`, 'NOT isdeleted', ...s.where].join(' AND ')}) v
         JOIN seasons s ON s.seasonid = v.seasonid ORDER BY s.sortorder`, [intParam(c, 'projId'), ...s.params]);
    return c.json(rows.map(({ SeasonId, SeasonName }) => ({ SeasonId, SeasonName })));
  });

  // The change history of one record from the audit log, newest first; fields the user may not see are left out,
  // size range and document rows are kept for those who may see them (history-entries.ts).
  r.get('/api/Audit/GetRecordHistory', SIGNED_IN, { query: { ProjectLevelId: 'id', ProjectId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const h = hierarchyLevel(intParam(c, 'ProjectLevelId'));
    if (!can(user, h.module, 'read')) throw permissionDenied();
    const id = intParam(c, 'ProjectId');
    await withDeletedMessage(h, () => readRecord(ctx, user, h.entity, h.key, id));
    const schema = ctx.schemas.entities.get(h.entity)!;
    const { hidden } = fieldAccess(ctx.schemas, user, h.entity);
    const rows = await ctx.db.query<{ auditid: number; changedat: string; username: string; field: string; oldvalue: string | null; newvalue: string | null }>(
      `SELECT a.auditid, a.changedat, CASE WHEN a.userid = 1 OR u.userid IS NULL THEN 'System User' ELSE u.firstname || ' ' || u.lastname END AS username,
              a.field, a.oldvalue, a.newvalue
         FROM audit_log a LEFT JOIN users u ON u.userid = a.userid
        WHERE a.entity = $1 AND a.entityid = $2 ORDER BY a.auditid DESC LIMIT 500`, [h.entity, String(id)]);
    const titleOf = (field: string) => (schema.properties[field] ? (hidden.has(field) ? null : schema.properties[field].title ?? field) : historyEntryTitle(field, user));
    return c.json(rows.map((r) => ({ r, title: titleOf(r.field) })).filter(({ title }) => title !== null).map(({ r, title }) => ({
      AuditId: r.auditid, ChangedOn: r.changedat, ChangedBy: r.username, Field: r.field,
      FieldTitle: title, OldValue: r.oldvalue, NewValue: r.newvalue,
    })));
  });

  for (const h of HIERARCHY) {
    r.get(`/api/${h.area}/${h.get}`, perm(h.module, 'read'), { query: { [h.key]: 'id' } }, async (c) =>
      c.json(await withDeletedMessage(h, () => readRecord(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, h.key)))));

    // The changed fields of one record at the version it was read (409 naming who changed it since).
    r.post(`/api/${h.area}/${h.update}`, perm(h.module, 'edit'), { body: 'record-update' }, async (c) => {
      const body = c.get('body') as { Id: number; RowVersion: number; Changes: Record<string, unknown> };
      const req: UpdateRequest = { id: body.Id, rowVersion: body.RowVersion, changes: body.Changes, warnings: [] };
      const record = await withDeletedMessage(h, () => updateRecord(c.get('ctx'), c.get('user'), h.entity, h.key, req));
      return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Data: record, ...(req.warnings!.length ? { Warnings: req.warnings } : {}) });
    });

    r.post(`/api/${h.area}/${h.search}`, perm(h.module, 'read'), { body: 'search' }, async (c) =>
      c.json(await searchRecords(c.get('ctx'), c.get('user'), h.entity, h.key, c.get('body') as SearchRequest)));
  }
}
