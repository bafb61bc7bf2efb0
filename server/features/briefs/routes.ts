/**
 * Briefs (BRIEF-001..023): create, delete and the entity's own calls. Reads, updates and history:
 * server/features/hierarchy/routes.ts; the brief's update rules are hooks in server/features/briefs/brief.ts.
 * Paths the specification does not show are /api/Brief/{Verb}{Noun} (DECISIONS "Paths not shown").
 * UploadBriefs (mass upload by file) is not implemented yet.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { perm, requireBrand, type ApiRouter } from '../../core/http/router';
import { AppError, notFound } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { readRecord } from '../../core/records/read';
import { recordDeleted } from '../hierarchy';
import { BRIEF, DUPLICATE_NAME_NOTE } from './brief';
import { briefNameExists, createBrief, type BriefCreateRequest } from './brief-create';
import { deleteBrief, ensureBriefReleased, relinkBrief } from './brief-actions';
import { exportBriefs, type BriefExportRequest } from './brief-export';
import {
  briefLinePlans,
  briefPatterns,
  briefPatternsFactoryFiltered,
  briefSeasonalList,
  briefsByBrandSeason,
  briefStatuses,
  editPageLists,
  relinkList,
  startLinePlan,
} from './brief-lists';

type C = Context<AppEnv>;

/** One brief in the user's scope, with the brief's own deleted message (BRIEF-022). */
async function readBrief(c: C, id: number) {
  try {
    return await readRecord(c.get('ctx'), c.get('user'), 'brief', 'BriefSeasonalId', id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'record_deleted') throw recordDeleted(BRIEF);
    throw e;
  }
}

/** The record with the pick lists of its brand (BRIEF-020 edit/view). */
async function briefWithLists(c: C) {
  const record = await readBrief(c, Number(c.req.param('id')));
  return c.json({ Record: record, Lists: await editPageLists(c.get('ctx'), c.get('user'), record.BrandId as number) });
}

const BRIEF_PATTERNS_QUERY = { BriefSeasonalId: 'id', pageNumber: 'id', pageSize: 'id' } as const;

/** Patterns of a brief; a factory user only ever gets the factory-filtered list (PERM-023). */
async function patternsOf(c: C, factoryOnly: boolean) {
  const id = intParam(c, 'BriefSeasonalId');
  await readBrief(c, id);
  const user = c.get('user');
  const page = Math.max(1, intParam(c, 'pageNumber', 1));
  const size = Math.min(Math.max(1, intParam(c, 'pageSize', 999)), 999);
  return factoryOnly || user.isFactoryUser
    ? briefPatternsFactoryFiltered(c.get('ctx'), user, id, page, size)
    : briefPatterns(c.get('ctx'), user, id, page, size);
}

function briefGets(r: ApiRouter) {
  // The create screen's start: the line plan it was opened from (id 0: none), for /briefFromLinePlan (BRIEF-001).
  r.get('/api/brief/create/:id', perm('brief', 'create'), { params: { id: 'id' } }, async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id) || id < 0) throw notFound('The line plan was not found.');
    return c.json({ LinePlan: id === 0 ? null : await startLinePlan(c.get('ctx'), c.get('user'), id) });
  });
  r.get('/api/brief/edit/:id', perm('brief', 'edit'), { params: { id: 'id' } }, briefWithLists);
  r.get('/api/brief/view/:id', perm('brief', 'read'), { params: { id: 'id' } }, briefWithLists);

  r.get('/api/Brief/editPageLists', perm('brief', 'read'), { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) =>
    c.json(await editPageLists(c.get('ctx'), c.get('user'), intParam(c, 'BrandId'))),
  );

  r.get(
    '/api/Brief/BriefLinePlans',
    perm('brief', 'read'),
    { brandParam: 'BrandId', query: { BrandId: 'id', SeasonId: 'id', LinePlanName: 'text', pageNumber: 'id', pageSize: 'id' } },
    async (c) =>
      c.json(
        await briefLinePlans(c.get('ctx'), c.get('user'), {
          BrandId: intParam(c, 'BrandId'),
          SeasonId: intParam(c, 'SeasonId'),
          LinePlanName: queryParam(c, 'LinePlanName')?.trim() || undefined,
          pageNumber: Math.max(1, intParam(c, 'pageNumber', 1)),
          pageSize: Math.min(Math.max(1, intParam(c, 'pageSize', 50)), 100),
        }),
      ),
  );

  r.get('/api/Brief/BriefPatterns', perm('brief', 'read'), { query: BRIEF_PATTERNS_QUERY }, (c) => patternsOf(c, false).then((p) => c.json(p)));
  r.get('/api/Brief/BriefPatternsFactoryFiltered', perm('brief', 'read'), { query: BRIEF_PATTERNS_QUERY }, (c) => patternsOf(c, true).then((p) => c.json(p)));
  r.get('/api/Brief/BriefPatternsCount', perm('brief', 'read'), { query: BRIEF_PATTERNS_QUERY }, (c) =>
    patternsOf(c, false).then((p) => c.json({ Count: p.TotalRecords })),
  );

  r.get(
    '/api/Brief/BriefsByBrandSeason',
    perm('brief', 'read'),
    { brandParam: 'BrandId', query: { StatusIds: 'ids', BrandId: 'id', SeasonId: 'id' } },
    async (c) => {
      const statuses = (queryParam(c, 'StatusIds') ?? '')
        .split(',')
        .filter((s) => /^\d+$/.test(s))
        .map(Number);
      return c.json(await briefsByBrandSeason(c.get('ctx'), intParam(c, 'BrandId'), intParam(c, 'SeasonId'), statuses));
    },
  );
  r.get('/api/Brief/BriefSeasonalList', perm('brief', 'read'), { query: { BriefId: 'id' } }, async (c) =>
    c.json(await briefSeasonalList(c.get('ctx'), c.get('user'), intParam(c, 'BriefId'))),
  );

  // Brief statuses (LOOKUP-033); with currentStatusId only the ones the status table allows next.
  r.get('/api/Brief/GetBriefStatuses', perm('brief', 'read'), { query: { currentStatusId: 'id' } }, async (c) => {
    const current = queryParam(c, 'currentStatusId') ? intParam(c, 'currentStatusId') : null;
    return c.json(await briefStatuses(c.get('ctx'), current));
  });

  r.get('/api/Brief/RelinkList', perm('brief', 'edit'), { query: { BriefSeasonalId: 'id' } }, async (c) =>
    c.json(await relinkList(c.get('ctx'), c.get('user'), intParam(c, 'BriefSeasonalId'))),
  );

  // BRIEF-005 / CONST-031: a duplicate name is only a note; BriefId leaves the brief itself out.
  r.get(
    '/api/Brief/IsBriefNameExists',
    perm('brief', 'read'),
    { brandParam: 'BrandId', query: { BrandId: 'id', BriefName: 'text', BriefId: 'id' } },
    async (c) => {
      const exists = await briefNameExists(c.get('ctx').db, intParam(c, 'BrandId'), queryParam(c, 'BriefName') ?? '', intParam(c, 'BriefId', 0));
      return c.json({ Exists: exists, Message: exists ? DUPLICATE_NAME_NOTE : null });
    },
  );
}

export function briefRoutes(r: ApiRouter) {
  briefGets(r);

  // BRIEF-004..007: create, or copy when ParentBriefSeasonalId is given (create permission, PERM-005).
  r.post('/api/Brief/CreateBriefSeasonal', perm('brief', 'create'), { body: 'brief-create' }, async (c) => {
    const body = c.get('body') as BriefCreateRequest;
    if (body.BrandId) requireBrand(c.get('user'), body.BrandId);
    const created = await createBrief(c.get('ctx'), c.get('user'), body);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', ...created });
  });

  r.post('/api/Brief/DeleteBrief', perm('brief', 'delete'), { body: 'brief-id' }, async (c) =>
    c.json(await deleteBrief(c.get('ctx'), c.get('user'), c.get('body').BriefSeasonalId as number)),
  );

  r.post('/api/Brief/RelinkBrief', perm('brief', 'edit'), { body: 'brief-relink' }, async (c) => {
    const body = c.get('body') as { BriefId: number; LinePlanId: number };
    return c.json(await relinkBrief(c.get('ctx'), c.get('user'), body.BriefId, body.LinePlanId));
  });

  r.post('/api/Brief/EnsureReleased', perm('brief', 'status'), { body: 'brief-id' }, async (c) =>
    c.json(await ensureBriefReleased(c.get('ctx'), c.get('user'), c.get('body').BriefSeasonalId as number)),
  );

  r.post('/api/Brief/ExportBriefs', perm('brief', 'read'), { body: 'brief-export' }, async (c) => {
    const body = c.get('body') as BriefExportRequest;
    if (body.BrandId !== undefined) requireBrand(c.get('user'), body.BrandId);
    const file = await exportBriefs(c.get('ctx'), c.get('user'), body);
    return new Response(new Uint8Array(file), {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': 'attachment; filename="Briefs-Export.xlsx"',
      },
    });
  });
}
