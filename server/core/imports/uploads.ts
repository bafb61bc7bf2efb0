/**
 * An upload's life behind the upload calls (core/api/uploads.ts, ADR 018): the received file stored
 * and its dry run queued, a page of its rows as a viewer may see them, then its commit queued or the
 * upload discarded. Module 18 read sees everyone's uploads (PERM-026).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { can, type SessionUser } from '../auth/permissions';
import type { Queryable } from '../db/client';
import { badRequest } from '../http/errors';
import type { ReceivedFile } from '../files/upload-stream';
import { filesPath } from '../files/storage';
import { fieldAccess } from '../schemas/visibility';
import { visibleSql } from '../records/access';
import { paged } from '../records/paging';
import { importKind, isAllOrNothing, PREVIEW_QUEUE, type ImportKind } from './kinds';
import { OUTCOMES, type Import } from './store';

/** An all-or-nothing upload (ADR 028) confirmed with refused rows. */
export const ALL_OR_NOTHING = 'Nothing was written: this upload is all or nothing. Correct the refused rows and upload the file again.';

/**
 * Issue 27, ADR 033: a preview not confirmed is no job of the user's; the upload queue lists it only
 * while it waits for confirmation, for this long, and it cannot be confirmed after.
 */
export const PREVIEW_HOURS = 24;
export const previewExpiry = (createdAt: string | Date) => new Date(new Date(createdAt).getTime() + PREVIEW_HOURS * 3_600_000).toISOString();
export const PREVIEW_EXPIRED = 'This preview has expired (a preview waits 24 hours for confirmation). Upload the file again.';

/** Whether the user sees other users' jobs and imports (PERM-026: module 18 read). */
export const seesAllUploads = (user: SessionUser) => can(user, 'systemMessages', 'read');

/** Stores a received workbook as a new import of the kind and queues its dry run; answers both ids. */
export function storeUpload(ctx: AppContext, user: SessionUser, kind: ImportKind, file: ReceivedFile, fields: Record<string, string>) {
  return ctx.db.tx(async (q) => {
    const [imp] = await q.query<{ importid: number }>(
      `INSERT INTO imports (kind, filename, filepath, params, createdby) VALUES ($1, $2, '', $3, $4) RETURNING importid`,
      [kind.doc.id, file.name.slice(0, 255), JSON.stringify(fields), user.userId],
    );
    const rel = path.join('imports', String(imp.importid));
    await fs.mkdir(path.dirname(filesPath(ctx.config.dataDir, rel)), { recursive: true });
    await fs.rename(file.path, filesPath(ctx.config.dataDir, rel));
    const jobId = await ctx.jobs.enqueue(q, PREVIEW_QUEUE, { importId: imp.importid }, { createdBy: user.userId, maxAttempts: 1 });
    await q.query('UPDATE imports SET filepath = $2, previewjobid = $3 WHERE importid = $1', [imp.importid, rel, jobId]);
    return { ImportId: imp.importid, PreviewJobId: jobId };
  });
}

/**
 * A page of an import's rows, of the given outcomes: only rows of records the viewer may see when
 * the import is another user's, and never a field hidden from the viewer.
 */
export async function importRows(ctx: AppContext, user: SessionUser, imp: Import, outcomes: string[], pageNumber: number, pageSize: number) {
  const kind = importKind(ctx, imp.kind);
  const params: unknown[] = [imp.importid, outcomes.length ? outcomes : OUTCOMES];
  const where = ['r.importid = $1', 'r.outcome = ANY($2)'];
  if (imp.createdby !== user.userId) where.push(visibleSql(ctx, user, kind.doc.entity, kind.keyField, 'r.recordkey', params));
  const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_rows r WHERE ${where.join(' AND ')}`, params);
  const rows = await ctx.db.query(
    `SELECT rownumber, recordkey, label, outcome, cells, errors, raw FROM import_rows r WHERE ${where.join(' AND ')}
      ORDER BY rownumber LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
    params,
  );
  const { hidden } = fieldAccess(ctx.schemas, user, kind.doc.entity);
  const shown = <T>(o: Record<string, T> | null) => Object.fromEntries(Object.entries(o ?? {}).filter(([f]) => !hidden.has(f)));
  return paged(
    rows.map((r) => ({
      RowNumber: r.rownumber,
      Key: r.recordkey,
      Label: r.label,
      Outcome: r.outcome,
      Cells: Object.fromEntries(Object.entries(shown<[unknown, unknown]>(r.cells)).map(([f, [o, nv]]) => [f, { Old: o, New: nv }])),
      Values: shown(r.raw),
      Errors: ((r.errors ?? []) as { Field: string; Message: string }[]).filter((e) => !hidden.has(e.Field)),
    })),
    pageNumber,
    pageSize,
    n,
  );
}

/** Queues the commit of a previewed upload (an all-or-nothing upload only without refused or unknown rows, ADR 028); answers the job's id. */
export function commitUpload(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind) {
  return ctx.db.tx(async (q) => {
    const [locked] = await q.query<{ status: string }>('SELECT status FROM imports WHERE importid = $1 FOR UPDATE', [imp.importid]);
    const [{ expired }] = await q.query<{ expired: boolean }>(
      `SELECT createdat < now() - make_interval(hours => $2) AS expired FROM imports WHERE importid = $1`,
      [imp.importid, PREVIEW_HOURS],
    );
    if (locked.status === 'Previewed' && expired) throw badRequest(PREVIEW_EXPIRED, [{ Field: '', Message: PREVIEW_EXPIRED }]);
    if (locked.status !== 'Previewed') {
      throw badRequest(
        locked.status === 'Previewing'
          ? 'The preview of this file is not finished yet.'
          : `This upload is ${locked.status.toLowerCase()}; it cannot be confirmed again.`,
      );
    }
    if (isAllOrNothing(kind.doc) && (imp.counts.Refused ?? 0) + (imp.counts.Unknown ?? 0) > 0) {
      throw badRequest(ALL_OR_NOTHING, [{ Field: '', Message: ALL_OR_NOTHING }]);
    }
    const job = await ctx.jobs.enqueue(q, kind.doc.queueName, { importId: imp.importid }, { createdBy: user.userId, maxAttempts: 1 });
    await q.query(`UPDATE imports SET status = 'Committing', commitjobid = $2 WHERE importid = $1`, [imp.importid, job]);
    return job;
  });
}

/** Drops an upload that is not committed, with its rows. */
export async function discardUpload(q: Queryable, imp: Import) {
  const [done] = await q.query(
    `UPDATE imports SET status = 'Discarded' WHERE importid = $1 AND status IN ('Previewing', 'Previewed', 'Refused') RETURNING importid`,
    [imp.importid],
  );
  if (!done) throw badRequest(`This upload is ${imp.status.toLowerCase()}; it cannot be discarded.`);
  await q.query('DELETE FROM import_rows WHERE importid = $1', [imp.importid]);
}
