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
import { readRecord } from '../../core/records/read';
import { cachedJson } from '../../core/records/read-cache';
import { searchRecords } from '../../core/records/search';
import type { SearchRequest } from '../../core/records/search-criteria';
import { recordState } from '../../core/records/access';
import { updateRecord, type UpdateRequest } from '../../core/records/write';
import { HIERARCHY, hierarchyLevel, withDeletedMessage } from './levels';
import { recordHistory } from './history-entries';
import { projectSeasons } from './project-seasons';

export function hierarchyRoutes(r: ApiRouter) {
  // LOOKUP-028: is the record (a project at its level) deleted? One the user may not see answers like a missing one.
  r.get('/api/Status/IsRecordDeleted', SIGNED_IN, { query: { ProjectLevelId: 'id', ProjectId: 'id' } }, async (c) => {
    const h = hierarchyLevel(intParam(c, 'ProjectLevelId'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    return c.json((await recordState(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, 'ProjectId'))).deleted);
  });

  // LOOKUP-027: the seasons a project lives in (projId is the base record's id), of the rows the user may see.
  r.get('/api/Season/GetProjectsSeasons', SIGNED_IN, { query: { projLevel: 'id', projId: 'id' } }, async (c) => {
    const h = hierarchyLevel(intParam(c, 'projLevel'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    return c.json(await projectSeasons(c.get('ctx'), c.get('user'), h, intParam(c, 'projId')));
  });

  // The change history of one record from the audit log, newest first; fields the user may not see are left out,
  // size range and document rows are kept for those who may see them (history-entries.ts).
  r.get('/api/Audit/GetRecordHistory', SIGNED_IN, { query: { ProjectLevelId: 'id', ProjectId: 'id' } }, async (c) => {
    const h = hierarchyLevel(intParam(c, 'ProjectLevelId'));
    if (!can(c.get('user'), h.module, 'read')) throw permissionDenied();
    return c.json(await recordHistory(c.get('ctx'), c.get('user'), h, intParam(c, 'ProjectId')));
  });

  for (const h of HIERARCHY) {
    // Through the read cache (ADR 037): kept per audience until any change commits, with an ETag for If-None-Match.
    r.get(`/api/${h.area}/${h.get}`, perm(h.module, 'read'), { query: { [h.key]: 'id' } }, async (c) => {
      const id = intParam(c, h.key);
      return cachedJson(c, { kind: 'record', entity: h.entity, key: `${h.entity} ${id}` }, async () =>
        JSON.stringify(await withDeletedMessage(h, () => readRecord(c.get('ctx'), c.get('user'), h.entity, h.key, id))),
      );
    });

    // The changed fields of one record at the version it was read (409 naming who changed it since).
    r.post(`/api/${h.area}/${h.update}`, perm(h.module, 'edit'), { body: 'record-update' }, async (c) => {
      const body = c.get('body') as { Id: number; RowVersion: number; Changes: Record<string, unknown> };
      const req: UpdateRequest = { id: body.Id, rowVersion: body.RowVersion, changes: body.Changes, warnings: [] };
      const record = await withDeletedMessage(h, () => updateRecord(c.get('ctx'), c.get('user'), h.entity, h.key, req));
      return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Data: record, ...(req.warnings!.length ? { Warnings: req.warnings } : {}) });
    });

    r.post(`/api/${h.area}/${h.search}`, perm(h.module, 'read'), { body: 'search' }, async (c) =>
      c.json(await searchRecords(c.get('ctx'), c.get('user'), h.entity, h.key, c.get('body') as SearchRequest)),
    );
  }
}
