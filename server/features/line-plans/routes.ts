/** Line plans (LP-001..033): create, delete and the entity's own calls. Reads, updates and history: server/features/hierarchy/routes.ts. */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { can } from '../../core/auth/permissions';
import { AppError, badRequest, permissionDenied } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { INT4_MAX } from '../../core/http/params';
import { perm, type ApiRouter } from '../../core/http/router';
import { readRecord } from '../../core/records/read';
import { searchRecords } from '../../core/records/search';
import { HIERARCHY } from '../hierarchy';
import { recordDeleted } from '../hierarchy';
import { LINE_PLAN } from './line-plan';
import { CHILD_SETS, readChildSet, saveChildSet, type ChildItem, type ChildSet } from './line-plan-children';
import { createLinePlan, deleteLinePlan, DUPLICATE_NAME_WARNING, nameExists, type LinePlanCreate } from './line-plan-create';
import { checkExcelName, EXPORT_FILE, exportLinePlan, importCalendar, NOT_EXCEL } from './line-plan-excel';
import { linePlansByBrandSeason, subSeasonsOf } from './line-plan-lists';
import { receiveUpload } from '../../core/files/upload-stream';
import { removeFiles } from '../../core/files/storage';

const LP = HIERARCHY[0];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The line plan named by ?LinePlanId, visible to the user (brand scope), with its own deleted message (LP-006). */
async function linePlanOf(c: Context<AppEnv>) {
  try {
    return await readRecord(c.get('ctx'), c.get('user'), LINE_PLAN.entity, LINE_PLAN.key, intParam(c, 'LinePlanId'));
  } catch (e) {
    if (e instanceof AppError && e.code === 'record_deleted') throw recordDeleted(LP);
    throw e;
  }
}

const CHILD_ROUTES: [string, string, ChildSet][] = [
  ['GetSeasonalPlanningItems', 'SaveSeasonalPlanningItems', CHILD_SETS.planning],
  ['GetCalendarItems', 'SaveCalendarItems', CHILD_SETS.calendar],
  ['GetLaunchDates', 'SaveLaunchDates', CHILD_SETS.launch],
];

export function linePlanRoutes(r: ApiRouter) {
  // LP-018: answers ResponseMessage 'success' and the new LinePlanId.
  r.post('/api/LinePlan/CreateLinePlan', perm('linePlan', 'create'), { body: 'line-plan-create' }, async (c) => {
    const id = await createLinePlan(c.get('ctx'), c.get('user'), c.get('body') as LinePlanCreate);
    return c.json({ ResponseMessage: 'success', LinePlanId: id });
  });

  // LP-016: a duplicate name within the brand only warns.
  r.get(
    '/api/LinePlan/IsLinePlanNameExists',
    perm('linePlan', 'read'),
    { brandParam: 'BrandId', query: { BrandId: 'id', LinePlanName: 'text', LinePlanId: 'id' } },
    async (c) => {
      const exists = await nameExists(c.get('ctx').db, intParam(c, 'BrandId'), queryParam(c, 'LinePlanName') ?? '', intParam(c, 'LinePlanId', 0));
      return c.json({ Exists: exists, Message: exists ? DUPLICATE_NAME_WARNING : null });
    },
  );

  // LP-013, LP-028: only a Created line plan without briefs; soft delete.
  r.post('/api/LinePlan/DeleteLinePlan', perm('linePlan', 'delete'), { body: 'line-plan-delete' }, async (c) => {
    await deleteLinePlan(c.get('ctx'), c.get('user'), (c.get('body') as { LinePlanId: number }).LinePlanId);
    return c.json({ IsSuccessful: true, Message: 'Line plan deleted.' });
  });

  // LP-008, LP-023: each child set is read as a list and saved as a list with IsDelete flags.
  for (const [get, save, set] of CHILD_ROUTES) {
    r.get(`/api/LinePlan/${get}`, perm('linePlan', 'read'), { query: { LinePlanId: 'id' } }, async (c) => {
      const lp = await linePlanOf(c);
      return c.json(await readChildSet(c.get('ctx'), c.get('ctx').db, set, lp.LinePlanId as number));
    });
    r.post(`/api/LinePlan/${save}`, perm('linePlan', 'edit'), { body: 'line-plan-children-save' }, async (c) =>
      c.json({
        IsSuccessful: true,
        Message: 'Record Saved Successfully.',
        ...(await saveChildSet(c.get('ctx'), c.get('user'), set, c.get('body') as { LinePlanId: number; RowVersion: number; Items: ChildItem[] })),
      }),
    );
  }

  r.get('/api/LinePlan/GetSubSeasons', perm('linePlan', 'read'), { query: { LinePlanId: 'id' } }, async (c) => {
    const lp = await linePlanOf(c);
    return c.json(await subSeasonsOf(c.get('ctx').db, lp.LinePlanId));
  });

  // LP-024, LP-012: multipart LinePlanId, RowVersion and the file; only while the line plan is editable (statuses 1 and 2).
  r.post('/api/LinePlan/ImportCalendar', perm('linePlan', 'edit'), { stream: true, form: 'line-plan-calendar-import' }, async (c) => {
    const ctx = c.get('ctx');
    const upload = await receiveUpload(c.req.raw, { dataDir: ctx.config.dataDir, maxBytes: MAX_IMPORT_BYTES, beforeFile: (_f, name) => checkExcelName(name) });
    try {
      if (!upload.file) throw badRequest(NOT_EXCEL, [{ Field: '/file', Message: NOT_EXCEL }]);
      const ids = Object.fromEntries(
        ['LinePlanId', 'RowVersion'].map((f) => {
          const v = upload.fields[f] ?? '';
          if (!/^\d+$/.test(v) || Number(v) > INT4_MAX) throw badRequest('The request is invalid.', [{ Field: `/${f}`, Message: 'Must be a whole number.' }]);
          return [f, Number(v)];
        }),
      ) as { LinePlanId: number; RowVersion: number };
      return c.json(await importCalendar(ctx, c.get('user'), { ...ids, FileName: upload.file.name, path: upload.file.path }));
    } finally {
      await removeFiles(upload.file ? [upload.file.path] : []);
    }
  });

  // LP-032
  r.get('/api/LinePlan/ExportLinePlan', perm('linePlan', 'read'), { query: { LinePlanId: 'id' } }, async (c) => {
    const lp = await linePlanOf(c);
    const file = await exportLinePlan(c.get('ctx'), c.get('user'), lp.LinePlanId as number);
    return new Response(new Uint8Array(file), { headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="${EXPORT_FILE}"` } });
  });

  // Line plan briefs (the Alt-click child list, LP-029): a page of the line plan's briefs.
  r.get('/api/LinePlan/GetLinePlanBriefs', perm('linePlan', 'read'), { query: { LinePlanId: 'id', pageNumber: 'id', pageSize: 'id' } }, async (c) => {
    if (!can(c.get('user'), 'brief', 'read')) throw permissionDenied();
    const lp = await linePlanOf(c);
    return c.json(
      await searchRecords(
        c.get('ctx'),
        c.get('user'),
        'brief',
        'BriefSeasonalId',
        {
          pageNumber: Math.max(1, intParam(c, 'pageNumber', 1)),
          pageSize: Math.min(Math.max(1, intParam(c, 'pageSize', 50)), 500),
          sortColumn: 'BriefName',
          sortDirection: 'asc',
        },
        ['BriefSeasonalId', 'BriefId', 'BriefName', 'StatusId', 'StatusName', 'ResponsibleName', 'SeasonName'],
        { equals: { LinePlanId: lp.LinePlanId } },
      ),
    );
  });

  // Line plans of one brand and season (pickers of briefs and patterns); ?Released=true keeps the released ones (2 and 3, @domain/statuses; LP-010).
  r.get(
    '/api/LinePlan/GetLinePlansByBrandSeason',
    perm('linePlan', 'read'),
    { brandParam: 'BrandId', query: { Released: 'bool', BrandId: 'id', SeasonId: 'id' } },
    async (c) => {
      const released = queryParam(c, 'Released') === 'true';
      return c.json(await linePlansByBrandSeason(c.get('ctx').db, intParam(c, 'BrandId'), intParam(c, 'SeasonId'), released));
    },
  );
}
