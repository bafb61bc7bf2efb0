/**
 * Excel uploads (issue 13, ADR 018): every mass upload of the product goes through these calls.
 * POST /api/Upload/{kind} (and the spec's names for it) stores the file and queues its dry run;
 * GET /api/Upload/{id} and /Rows show the preview; /Commit queues the job that writes it; /Discard
 * drops it. An import is its uploader's (module 18 read sees everyone's, PERM-026); its rows are
 * shown only for records the viewer may see, without fields hidden from them (PERM-029).
 */
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import type { SessionUser } from '../auth/permissions';
import { requireBrand, SIGNED_IN, type ApiRouter } from '../http/router';
import { badRequest, notFound } from '../http/errors';
import { intParam, queryParam } from '../http/request';
import { receiveUpload } from '../files/upload-stream';
import { readHead, removeFiles } from '../files/storage';
import { fieldAccess } from '../schemas/visibility';
import { importKind, importKindFor, isAllOrNothing, NOT_EXCEL } from '../imports/kinds';
import { SHEET_NAME } from '../imports/workbook';
import { isDelimitedName } from '../imports/delimited';
import { loadImport, OUTCOMES, type Import } from '../imports/store';
import { commitUpload, discardUpload, importRows, previewExpiry, seesAllUploads, storeUpload } from '../imports/uploads';
import { startUndo, undoRefusal } from '../imports/undo';
import { holds } from '../schemas/visibility';

/** Largest accepted upload (enforced while the bytes arrive). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The spec's names of the uploads (FLASH-005/024/035, BRIEF-021, SEARCH-013, TC-010, CARRY-012). */
export const NAMED_UPLOADS: Record<string, string> = {
  '/api/Costing/UploadPrototypeCosting': 'costing',
  '/api/Forecast/UploadPrototypeForecast': 'forecast',
  '/api/Forecast/UploadPatternForecast': 'pattern-forecast',
  '/api/import/hts-flash-edit': 'hts',
  '/api/Brief/UploadBriefs': 'briefs',
  '/api/Pattern/UploadPatterns': 'patterns',
  '/api/Prototype/UploadPrototypes': 'colorways',
  '/api/Carryover/UploadPrototypeCarryover': 'carryover',
  '/api/TransferChecklist/Upload': 'transfer-checklist',
  '/api/QuarterlyForecast/UploadSalesForecast': 'sales-forecast',
};

/** The import, when the user may see it (404 otherwise, like a missing one). */
export async function importFor(ctx: AppContext, user: SessionUser, importId: number): Promise<Import> {
  const imp = await loadImport(ctx.db, importId);
  if (!imp || (imp.createdby !== user.userId && !seesAllUploads(user))) throw notFound('The upload was not found.');
  return imp;
}

type Ctx = Context<AppEnv>;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/**
 * An .xlsx or .ods (a zip) or an .xls (an OLE2 compound file) by its first bytes, or a .csv/.tsv whose
 * first bytes are text (ADR 033): a renamed .exe is refused at once.
 */
const isWorkbook = (head: Uint8Array, name: string) =>
  [ZIP, OLE2].some((magic) => magic.every((b, i) => head[i] === b)) || (isDelimitedName(name) && !head.includes(0));

async function upload(c: Ctx, kindId: string) {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const kind = importKindFor(ctx, user, kindId);
  const notExcel = kind.doc.messages?.notExcel ?? NOT_EXCEL;
  const received = await receiveUpload(c.req.raw, {
    dataDir: ctx.config.dataDir,
    maxBytes: MAX_UPLOAD_BYTES,
    beforeFile: (_f, name) => {
      if (!SHEET_NAME.test(name)) throw badRequest(notExcel, [{ Field: '/file', Message: notExcel }]);
    },
  });
  const file = received.file;
  try {
    if (!file) throw badRequest(notExcel, [{ Field: '/file', Message: notExcel }]);
    if (!isWorkbook(await readHead(file.path, 8), file.name)) throw badRequest(notExcel, [{ Field: '/file', Message: notExcel }]);
    const errors = ctx.schemas.validate('request', 'import-upload', received.fields);
    if (errors.length) throw badRequest('The request is invalid.', errors);
    // PERM-022: an upload for a brand needs the user's assignment to it.
    if (received.fields.BrandId !== undefined) requireBrand(user, received.fields.BrandId);
    return c.json(await storeUpload(ctx, user, kind, file, received.fields), 202);
  } finally {
    await removeFiles(file ? [file.path] : []).catch(() => undefined);
  }
}

/** An import as the preview dialog shows it. */
export function importAnswer(ctx: AppContext, user: SessionUser, imp: Import) {
  const kind = importKind(ctx, imp.kind);
  const { hidden } = fieldAccess(ctx.schemas, user, kind.doc.entity);
  return {
    ImportId: imp.importid,
    Kind: imp.kind,
    Title: kind.doc.title,
    QueueName: kind.doc.queueName,
    FileName: imp.filename,
    Status: imp.status,
    Message: imp.message,
    Errors: imp.errors ?? [],
    Counts: imp.counts,
    Columns: (imp.columns ?? []).filter((c) => !hidden.has(c.Field)),
    PreviewJobId: imp.previewjobid,
    JobId: imp.commitjobid,
    CreatedOn: imp.createdat,
    CreatedBy: imp.createdby,
    Messages: kind.doc.messages ?? {},
    // ADR 028: a handler's upload is written all or nothing (unless its document says otherwise).
    AllOrNothing: isAllOrNothing(kind.doc),
    // ADR 033: the sheet the preview read, the upload an undo takes back, whether this one may be undone (by its uploader).
    Sheet: imp.sheet ?? null,
    UndoOf: imp.undoof ?? null,
    CanUndo: imp.createdby === user.userId && !undoRefusal(imp, kind) && holds(user, kind.doc.upload),
    ExpiresOn: imp.status === 'Previewed' || imp.status === 'Previewing' ? previewExpiry(imp.createdat) : null,
  };
}

/** `outcome=changed,refused` → the outcomes; anything else named is a 400. */
export function outcomesParam(c: Ctx): string[] {
  const raw = queryParam(c, 'outcome');
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((o) => !OUTCOMES.includes(o as never));
  if (bad) throw badRequest(`Unknown outcome '${bad.slice(0, 20)}'.`, [{ Field: 'outcome', Message: `One of ${OUTCOMES.join(', ')}.` }]);
  return list;
}

/** pageNumber ≥ 1 and pageSize 1..1000 (default 1 and 100). */
export function pageParams(c: Ctx, defaultSize = 100) {
  const pageNumber = intParam(c, 'pageNumber', 1);
  const pageSize = intParam(c, 'pageSize', defaultSize);
  if (pageNumber < 1 || pageNumber > 1_000_000) throw badRequest('pageNumber must be at least 1.', [{ Field: 'pageNumber', Message: 'Out of range.' }]);
  if (pageSize < 1 || pageSize > 1000) throw badRequest('pageSize must be between 1 and 1000.', [{ Field: 'pageSize', Message: 'Out of range.' }]);
  return { pageNumber, pageSize };
}

export const PAGE_QUERY = { pageNumber: 'int', pageSize: 'int' } as const;

export function uploadRoutes(r: ApiRouter) {
  const kinds = { kind: 'text' } as const;
  r.post('/api/Upload/:kind', SIGNED_IN, { stream: true, form: 'import-upload', params: kinds }, (c) => upload(c, c.req.param('kind') ?? ''));
  for (const [route, kind] of Object.entries(NAMED_UPLOADS)) r.post(route, SIGNED_IN, { stream: true, form: 'import-upload' }, (c) => upload(c, kind));

  const id = { importId: 'id' } as const;
  r.get('/api/Upload/:importId', SIGNED_IN, { params: id }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    return c.json(importAnswer(ctx, user, await importFor(ctx, user, Number(c.req.param('importId')))));
  });
  r.get('/api/Upload/:importId/Rows', SIGNED_IN, { params: id, query: { outcome: 'text', ...PAGE_QUERY } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const imp = await importFor(ctx, user, Number(c.req.param('importId')));
    const { pageNumber, pageSize } = pageParams(c);
    return c.json(await importRows(ctx, user, imp, outcomesParam(c), pageNumber, pageSize));
  });
  // Only the uploader confirms or drops their preview; the upload right is checked again.
  const own = async (c: Ctx) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const imp = await importFor(ctx, user, Number(c.req.param('importId')));
    if (imp.createdby !== user.userId) throw notFound('The upload was not found.');
    const kind = importKindFor(ctx, user, imp.kind);
    return { ctx, user, imp, kind };
  };
  r.post('/api/Upload/:importId/Commit', SIGNED_IN, { params: id }, async (c) => {
    const { ctx, user, imp, kind } = await own(c);
    const jobId = await commitUpload(ctx, user, imp, kind);
    return c.json({ JobId: jobId, Message: kind.doc.messages?.completed ?? 'Upload Completed' });
  });
  // ADR 033: the undo of a completed upload is an upload of its own (preview, confirm, job, audit).
  r.post('/api/Upload/:importId/Undo', SIGNED_IN, { params: id }, async (c) => {
    const { ctx, user, imp, kind } = await own(c);
    return c.json(await startUndo(ctx, user, imp, kind), 202);
  });
  r.post('/api/Upload/:importId/Discard', SIGNED_IN, { params: id }, async (c) => {
    const { ctx, imp } = await own(c);
    await discardUpload(ctx.db, imp);
    return c.json({ IsSuccessful: true });
  });
}
