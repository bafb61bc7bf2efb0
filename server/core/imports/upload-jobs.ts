/**
 * The jobs of uploads as the upload queue shows them (UQ-001..011, DECISIONS UQ-005): their dry
 * runs and commits, read from the queue's own table (ADR 004) with their import. Every user sees
 * their own jobs; module 18 read sees everyone's (PERM-026); a job another user may not see is like
 * a missing one.
 */
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/permissions';
import { badRequest, conflict, notFound } from '../http/errors';
import { paged } from '../records/paging';
import { PREVIEW_HOURS, seesAllUploads } from './uploads';

export const CAN_CANCEL = ['Queued', 'Running'];
export const CAN_RESUME = ['Failed', 'Canceled'];

const ITEM = `SELECT j.jobid, j.queue, j.status, j.createdby, coalesce(u.firstname || ' ' || u.lastname, '') AS createdbyname,
                     j.createdat, j.startedat, j.completedat, j.progress, j.lasterror,
                     i.importid, i.kind, i.filename, i.counts, i.status AS importstatus, (i.previewjobid = j.jobid) AS preview, i.undoof
                FROM jobs j JOIN imports i ON i.previewjobid = j.jobid OR i.commitjobid = j.jobid
                LEFT JOIN users u ON u.userid = j.createdby`;

type ItemRow = Record<string, any>;

/** A job as the queue shows it. */
export const jobItem = (r: ItemRow) => ({
  JobId: Number(r.jobid),
  QueueName: r.queue,
  JobStatus: r.status,
  CreatedBy: r.createdby,
  CreatedByName: r.createdbyname,
  CreatedOn: r.createdat,
  StartedOn: r.startedat,
  CompletedOn: r.completedat,
  LastError: r.lasterror,
  ImportId: r.importid,
  Kind: r.kind,
  FileName: r.filename,
  ImportStatus: r.importstatus,
  IsPreview: r.preview,
  Counts: r.counts ?? {},
  Progress: { Done: Number(r.progress?.Done ?? 0), Total: Number(r.progress?.Total ?? r.counts?.Changed ?? 0), LastRow: r.progress?.LastRow ?? null },
  CanCancel: CAN_CANCEL.includes(r.status),
  CanResume: CAN_RESUME.includes(r.status),
  UndoOf: r.undoof ?? null,
});

/**
 * Issue 27, ADR 033: the lists show commits, and a dry run only while its upload waits for
 * confirmation (not confirmed, discarded, refused or expired): a preview is no job of the user's.
 * A dry run's page stays reachable by its id (the preview's link).
 */
const LISTED = `(j.jobid = i.commitjobid OR (i.status IN ('Previewing', 'Previewed') AND i.commitjobid IS NULL
                AND i.createdat > now() - interval '${PREVIEW_HOURS} hours'))`;

/** The scope condition: own jobs, or everyone's for module 18 read. */
function scoped(user: SessionUser, where: string[], params: unknown[]) {
  if (!seesAllUploads(user)) {
    params.push(user.userId);
    where.push(`j.createdby = $${params.length}`);
  }
}

/** The same rule on a job's row already read (the change feed's, ADR 035). */
export const seesJob = (user: SessionUser, row: ItemRow) => seesAllUploads(user) || Number(row.createdby) === user.userId;

/** The rows of the upload jobs with ids first..last (the change feed reads each run a statement changed), for `seesJob` to cut. */
export const jobRowsBetween = (ctx: AppContext, first: number, last: number): Promise<ItemRow[]> =>
  ctx.db.query(`${ITEM} WHERE j.jobid BETWEEN $1 AND $2 ORDER BY j.jobid`, [first, last], { prepare: true });

/** The job's row (jobItem shows it), when the user may see it. */
export async function jobFor(ctx: AppContext, user: SessionUser, jobId: number): Promise<ItemRow> {
  const where = ['j.jobid = $1'];
  const params: unknown[] = [jobId];
  scoped(user, where, params);
  const [row] = await ctx.db.query(`${ITEM} WHERE ${where.join(' AND ')}`, params);
  if (!row) throw notFound('The job was not found.');
  return row;
}

export async function currentJobs(ctx: AppContext, user: SessionUser) {
  const where = [`(j.status IN ('Queued', 'Running') OR j.createdat > now() - interval '7 days')`, LISTED];
  const params: unknown[] = [];
  scoped(user, where, params);
  const rows = await ctx.db.query(`${ITEM} WHERE ${where.join(' AND ')} ORDER BY j.jobid DESC LIMIT 250`, params);
  return rows.map(jobItem);
}

export interface JobFilter {
  jobId?: number;
  queue?: string;
  status?: string;
  userId?: number;
  start?: string;
  end?: string;
}

export async function jobHistory(ctx: AppContext, user: SessionUser, f: JobFilter, pageNumber: number, pageSize: number) {
  const where: string[] = [LISTED];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.jobId !== undefined) add('j.jobid = ?', f.jobId);
  if (f.queue) add('lower(j.queue) = lower(?)', f.queue);
  if (f.status) add('j.status = ?', f.status);
  if (f.userId !== undefined) add('j.createdby = ?', f.userId);
  // UQ-009: from 00:00:00 of the start day to 23:59:59 of the end day (the end day's whole last second included).
  // Business dates (DECISIONS "Dates"): the days start at midnight in the business time zone.
  if (f.start || f.end) params.push(ctx.config.businessTimeZone);
  const zone = `$${params.length}`;
  if (f.start) add(`j.createdat >= ?::date::timestamp AT TIME ZONE ${zone}`, f.start);
  if (f.end) add(`j.createdat < (?::date + 1)::timestamp AT TIME ZONE ${zone}`, f.end);
  scoped(user, where, params);
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${ITEM} ${cond}) x`, params);
  const rows = await ctx.db.query(`${ITEM} ${cond} ORDER BY j.jobid DESC LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`, params);
  return paged(rows.map(jobItem), pageNumber, pageSize, n);
}

/** UQ-004, DECISIONS UQ-005: cancels (to Canceled) or resumes (to Queued) a job in one of `from`, when the status the user saw is still the job's; answers the new status. */
export async function changeJobStatus(ctx: AppContext, user: SessionUser, jobId: number, seen: string | undefined, to: 'Canceled' | 'Queued', from: string[]) {
  const row = await jobFor(ctx, user, jobId);
  if (seen && seen.toLowerCase() !== String(row.status).toLowerCase()) {
    throw conflict(`The job is ${row.status} now (not ${seen.slice(0, 20)}); reload the queue.`, { JobStatus: row.status });
  }
  if (!from.includes(row.status)) {
    throw badRequest(`A ${row.status} job cannot be ${to === 'Canceled' ? 'canceled' : 'resumed'}.`, [
      { Field: 'currentStatus', Message: `Only from ${from.join(' or ')}.` },
    ]);
  }
  const [done] = await ctx.db.query<{ status: string }>(
    `UPDATE jobs SET status = $2, lockedat = NULL, runat = now()${to === 'Queued' ? ', attempts = 0, lasterror = NULL, completedat = NULL' : ', completedat = now()'}
      WHERE jobid = $1 AND status = ANY($3) RETURNING status`,
    [row.jobid, to, from],
  );
  if (!done) throw conflict('The job changed meanwhile; reload the queue.', {});
  if (to === 'Queued') ctx.jobs.wake();
  return done.status;
}
