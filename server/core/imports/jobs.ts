/**
 * The import jobs (ADR 004, ADR 018): the dry runs in one queue, each kind's commits in its own
 * (the upload queue's names). An unexpected error is written to the error log and the job fails
 * with a message that names the log entry, never the error itself (no SQL or internals leave the
 * server through the queue); a dry run that failed so marks its upload 'Refused'.
 */
import type { AppContext } from '../context';
import type { JobHandler } from '../jobs/queue';
import { AppError } from '../http/errors';
import { logProcessError } from '../http/error-log';
import { serverStateError } from '../http/database-errors';
import { withWritePath } from '../db/write-path';
import { importUser, runCommit } from './commit';
import { PREVIEW_QUEUE } from './kinds';
import { runPreview } from './preview';
import { loadImport } from './store';
import { previewUndo } from './undo';

/**
 * Issue 29: a job stopped by the server's surroundings (a full disk, the database unreachable) says so and how to go on,
 * instead of pointing at an error log entry that, on a full disk or without a database, could not be written.
 */
function surroundings(err: unknown, again: string) {
  const state = serverStateError(err);
  if (state?.status === 507)
    return `The server's disk is full: the upload stopped, no row half-written. ${again} when there is space again; please contact your System Administrator.`;
  if (state?.status === 503) return `The database was not reachable: the upload stopped, no row half-written. ${again} in a few seconds.`;
  return undefined;
}

const logged =
  (ctx: AppContext, handler: JobHandler, again: string, onFailure?: (importId: number, message: string) => Promise<void>): JobHandler =>
  async (job, db) => {
    try {
      await withWritePath('upload', () => handler(job, db));
    } catch (err) {
      const message =
        err instanceof AppError
          ? err.message
          : (surroundings(err, again) ??
            `The upload could not be processed (error log entry ${(await logProcessError(ctx.db, `job ${job.jobid} (${job.queue})`, err)) ?? 'not written'}).`);
      await onFailure?.(Number(job.payload.importId), message);
      throw new Error(message);
    }
  };

export function registerImportJobs(ctx: AppContext) {
  ctx.jobs.register(
    PREVIEW_QUEUE,
    logged(
      ctx,
      async (job) => {
        const imp = await loadImport(ctx.db, Number(job.payload.importId));
        if (!imp) throw new Error(`Import ${job.payload.importId} does not exist.`);
        const user = await importUser(ctx, imp.createdby);
        const progress = async (done: number) => {
          await ctx.db.query(`UPDATE jobs SET lockedat = now(), progress = jsonb_build_object('Done', $2::int) WHERE jobid = $1`, [job.jobid, done]);
        };
        // An undo (ADR 033) reads the upload it takes back, not a file.
        if (imp.undoof) await previewUndo(ctx, user, imp, progress);
        else await runPreview(ctx, user, imp.importid, progress);
      },
      'Upload the file again',
      async (importId, message) => {
        await ctx.db.query(`UPDATE imports SET status = 'Refused', message = $2 WHERE importid = $1 AND status = 'Previewing'`, [importId, message]);
      },
    ),
  );
  for (const doc of ctx.schemas.imports.values())
    if (!doc.screen)
      ctx.jobs.register(
        doc.queueName,
        logged(ctx, (job) => runCommit(ctx, job), 'Resume it'),
      );
}
