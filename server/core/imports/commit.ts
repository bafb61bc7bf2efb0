/**
 * The commit of a previewed upload, run as a background job (ADR 004, ADR 018): the rows the
 * preview found changing are written in batches through the records pipeline (write.ts: the same
 * checks, hooks and audit as a grid save, run again against the records as they are now, so a
 * record changed since the preview is a conflict, never overwritten). Each batch is one
 * transaction that also records its rows' outcomes and the job's progress (the last committed
 * row), so a crash leaves no batch half-written and Resume goes on after the last committed row.
 * A Cancel is seen between batches. At the end the user gets a mail with the counts and a link.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { Job } from '../jobs/queue';
import { loadUser } from '../auth/sessions';
import { AppError, forbidden } from '../http/errors';
import { applyUpdates, planUpdates, yieldToOthers, type UpdatePlan } from '../records/write';
import { isDataError, rowByRow } from '../records/bulk';
import { importKind, type ImportKind } from './kinds';
import { countRows, loadImport, type Import } from './store';
import { finishImport } from './finish';
import { refusal } from './preview';
import { importHandler } from './handlers';
import { RowRefused, type CommitRow, type ImportHandler } from './handler';

/** Rows written per transaction. */
export const COMMIT_BATCH = 500;

/** The user an import job acts for: its uploader, with their rights as they are now. */
export async function importUser(ctx: AppContext, userId: number): Promise<SessionUser> {
  const user = await loadUser(ctx.db, userId);
  if (!user) throw forbidden('The user who uploaded the file is no longer active.');
  return user;
}

const canceled = async (q: Queryable, jobId: number) =>
  (await q.query<{ status: string }>('SELECT status FROM jobs WHERE jobid = $1 FOR UPDATE', [jobId]))[0]?.status === 'Canceled';

/** Records the batch's outcomes and the job's progress, in the batch's transaction. */
async function recordBatch(ctx: AppContext, q: Queryable, kind: ImportKind, jobId: number, importId: number, rows: { rownumber: number }[], plan: UpdatePlan) {
  // ADR 033: each written cell of the upload's columns as [before, written], what an undo restores and checks.
  const undo = new Map(
    plan.rows.map((r) => [
      r.i,
      Object.fromEntries(
        Object.entries(r.changes)
          .filter(([f]) => kind.editable.includes(f))
          .map(([f, v]) => [f, [r.prev[f] ?? null, v ?? null]]),
      ),
    ]),
  );
  const outcomes = rows.map((r, i) => {
    const o = plan.out[i];
    return undo.has(i)
      ? { rownumber: r.rownumber, outcome: 'saved', errors: null, undo: undo.get(i) }
      : { rownumber: r.rownumber, outcome: 'failed', errors: o && !o.ok ? refusal(ctx, kind, o.error) : [{ Field: '', Message: 'Not saved.' }] };
  });
  await q.query(
    `UPDATE import_rows t SET outcome = x.outcome, errors = x.errors, undo = x.undo
       FROM jsonb_to_recordset($2::jsonb) AS x(rownumber int, outcome text, errors jsonb, undo jsonb)
      WHERE t.importid = $1 AND t.rownumber = x.rownumber`,
    [importId, JSON.stringify(outcomes)],
  );
  await q.query(
    `UPDATE jobs SET lockedat = now(), progress = progress || jsonb_build_object('LastRow', $2::int,
            'Done', coalesce((progress->>'Done')::int, 0) + $3::int) WHERE jobid = $1`,
    [jobId, rows[rows.length - 1].rownumber, rows.length],
  );
}

/**
 * A handler's upload (ADR 028) is written all or nothing: every confirmed row in one transaction;
 * when the handler refuses a row, nothing is written, that row carries its errors and every other
 * row says why it was not saved. A kind that is not all or nothing may leave rows out instead
 * (they fail with the handler's errors). False when the job was canceled first.
 */
async function commitAllOrNothing(ctx: AppContext, job: Job, imp: Import, user: SessionUser, handler: ImportHandler): Promise<boolean> {
  const importId = imp.importid;
  const rows = await ctx.db.query<CommitRow>(
    `SELECT rownumber, recordkey, rowversion, changes, cells FROM import_rows WHERE importid = $1 AND outcome = 'changed' ORDER BY rownumber`,
    [importId],
  );
  try {
    return await ctx.db.tx(async (q) => {
      if (await canceled(q, job.jobid)) return false;
      const skipped = rows.length ? await handler.commit(ctx, q, user, rows, imp.params) : undefined;
      if (skipped?.length) {
        await q.query(
          `UPDATE import_rows t SET outcome = 'failed', errors = x.errors FROM jsonb_to_recordset($2::jsonb) AS x(rownumber int, errors jsonb)
                        WHERE t.importid = $1 AND t.rownumber = x.rownumber`,
          [importId, JSON.stringify(skipped)],
        );
      }
      await q.query(`UPDATE import_rows SET outcome = 'saved', errors = NULL WHERE importid = $1 AND outcome = 'changed'`, [importId]);
      await q.query(`UPDATE jobs SET lockedat = now(), progress = progress || jsonb_build_object('LastRow', $2::int, 'Done', $3::int) WHERE jobid = $1`, [
        job.jobid,
        rows.at(-1)?.rownumber ?? 0,
        rows.length,
      ]);
      return true;
    });
  } catch (err) {
    if (!(err instanceof RowRefused)) throw err;
    await ctx.db.query(
      `UPDATE import_rows SET outcome = 'failed', errors = CASE WHEN rownumber = $2 THEN $3::jsonb ELSE $4::jsonb END WHERE importid = $1 AND outcome = 'changed'`,
      [
        importId,
        err.rownumber,
        JSON.stringify(err.errors),
        JSON.stringify([{ Field: '', Message: `Not saved: row ${err.rownumber} was refused, so nothing of the file was written.` }]),
      ],
    );
    return true;
  }
}

export async function runCommit(ctx: AppContext, job: Job) {
  const importId = Number(job.payload.importId);
  const imp = await loadImport(ctx.db, importId);
  if (!imp) throw new Error(`Import ${importId} does not exist.`);
  // Its last transaction committed before the process died (issue 29, kill -9): the job is taken up again with
  // nothing left to do; finishing again would mail the uploader twice and reset the progress.
  if (imp.status === 'Committed') return;
  const kind = importKind(ctx, imp.kind);
  const user = await importUser(ctx, imp.createdby);
  const [{ total }] = await ctx.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM import_rows WHERE importid = $1 AND outcome IN ('changed', 'saved', 'failed')`,
    [importId],
  );
  await ctx.db.query(`UPDATE jobs SET progress = progress || jsonb_build_object('Total', $2::int) WHERE jobid = $1`, [job.jobid, total]);
  const handler = importHandler(kind.doc.handler);
  if (handler) {
    if (!(await commitAllOrNothing(ctx, job, imp, user, handler))) return;
  }
  // Past the previous batch's last row: the index goes straight to the next rows, not over the entries of
  // the rows already written (their dead index entries stay until a vacuum; the embedded database has none).
  let after = 0;
  while (!handler) {
    const rows = await ctx.db.query<{ rownumber: number; recordkey: number; rowversion: number; changes: Record<string, unknown> }>(
      `SELECT rownumber, recordkey, rowversion, changes FROM import_rows
        WHERE importid = $1 AND outcome = 'changed' AND rownumber > $3 ORDER BY rownumber LIMIT $2`,
      [importId, COMMIT_BATCH, after],
    );
    if (!rows.length) break;
    after = rows[rows.length - 1].rownumber;
    const plan = await planUpdates(
      ctx,
      ctx.db,
      user,
      kind.doc.entity,
      kind.keyField,
      rows.map((r) => ({ id: r.recordkey, rowVersion: r.rowversion, changes: r.changes, screen: kind.screen })),
    );
    await yieldToOthers();
    const write = (rowwise: boolean) =>
      ctx.db.tx(async (q) => {
        if (await canceled(q, job.jobid)) return false;
        if (rowwise) await rowByRow(q, plan);
        else await applyUpdates(q, plan);
        await recordBatch(ctx, q, kind, job.jobid, importId, rows, plan);
        return true;
      });
    let goOn: boolean;
    try {
      goOn = await write(false);
    } catch (err) {
      // A database rule no check foresaw: the batch again a row at a time, so that row is reported and the others written.
      if (err instanceof AppError || !isDataError(err)) throw err;
      goOn = await write(true);
    }
    if (!goOn) return;
    await yieldToOthers();
  }
  const counts = await countRows(ctx.db, importId);
  await ctx.db.tx((q) => finishImport(ctx, q, imp, kind, job.jobid, counts));
}
