/**
 * The upload queue (UQ-001..011, DECISIONS UQ-005, PERM-026): the jobs of uploads — their dry runs
 * and their commits — read from the queue's own table (ADR 004). Every signed-in user sees their
 * own jobs; module 18 read sees everyone's. Cancel from Queued or Running; Resume from Failed or
 * Canceled (a commit goes on after its last committed row). A job another user may not see answers
 * like a missing one.
 */
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import type { SessionUser } from '../auth/permissions';
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { badRequest, conflict, notFound } from '../http/errors';
import { intParam, queryParam } from '../http/request';
import { paged } from '../records/paging';
import { failedRowsFile, failedRowsFileName } from '../imports/failed-rows';
import { loadImport } from '../imports/store';
import { importRows, outcomesParam, pageParams, PAGE_QUERY, seesAllUploads } from './uploads';

export const JOB_STATUSES = ['Queued', 'Running', 'Completed', 'Failed', 'Canceled'] as const;
export const DATE_ORDER = 'Select a Start date that ocurrs before the End date.';
const CAN_CANCEL = ['Queued', 'Running'];
const CAN_RESUME = ['Failed', 'Canceled'];

const ITEM = `SELECT j.jobid, j.queue, j.status, j.createdby, coalesce(u.firstname || ' ' || u.lastname, '') AS createdbyname,
                     j.createdat, j.startedat, j.completedat, j.progress, j.lasterror,
                     i.importid, i.kind, i.filename, i.counts, i.status AS importstatus, (i.previewjobid = j.jobid) AS preview
                FROM jobs j JOIN imports i ON i.previewjobid = j.jobid OR i.commitjobid = j.jobid
                LEFT JOIN users u ON u.userid = j.createdby`;

type ItemRow = Record<string, any>;

const item = (r: ItemRow) => ({
  JobId: Number(r.jobid), QueueName: r.queue, JobStatus: r.status, CreatedBy: r.createdby, CreatedByName: r.createdbyname,
  CreatedOn: r.createdat, StartedOn: r.startedat, CompletedOn: r.completedat, LastError: r.lasterror,
  ImportId: r.importid, Kind: r.kind, FileName: r.filename, ImportStatus: r.importstatus, IsPreview: r.preview,
  Counts: r.counts ?? {},
  Progress: { Done: Number(r.progress?.Done ?? 0), Total: Number(r.progress?.Total ?? r.counts?.Changed ?? 0), LastRow: r.progress?.LastRow ?? null },
  CanCancel: CAN_CANCEL.includes(r.status), CanResume: CAN_RESUME.includes(r.status),
});

/** The scope condition: own jobs, or everyone's for module 18 read. */
function scoped(user: SessionUser, where: string[], params: unknown[]) {
  if (!seesAllUploads(user)) { params.push(user.userId); where.push(`j.createdby = $${params.length}`); }
}

async function jobFor(ctx: AppContext, user: SessionUser, jobId: number) {
  const where = ['j.jobid = $1'];
  const params: unknown[] = [jobId];
  scoped(user, where, params);
  const [row] = await ctx.db.query(`${ITEM} WHERE ${where.join(' AND ')}`, params);
  if (!row) throw notFound('The job was not found.');
  return row;
}

/** MM/DD/YYYY or YYYY-MM-DD → 'YYYY-MM-DD'; anything else (or a day that does not exist) is a 400. */
function dateParam(c: Context<AppEnv>, name: string): string | undefined {
  const raw = queryParam(c, name)?.trim();
  if (!raw) return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : raw.slice(0, 10);
  const t = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(t.getTime()) || !t.toISOString().startsWith(iso)) {
    throw badRequest(`${name} must be a date (MM/DD/YYYY).`, [{ Field: name, Message: 'Must be a date (MM/DD/YYYY).' }]);
  }
  return iso;
}

export function uploadQueueRoutes(r: ApiRouter) {
  // UQ-006: the current jobs (unfinished, or of the last 7 days), newest first.
  r.get('/api/UploadQueue', SIGNED_IN, async (c) => {
    const ctx = c.get('ctx');
    const where = [`(j.status IN ('Queued', 'Running') OR j.createdat > now() - interval '7 days')`];
    const params: unknown[] = [];
    scoped(c.get('user'), where, params);
    const rows = await ctx.db.query(`${ITEM} WHERE ${where.join(' AND ')} ORDER BY j.jobid DESC LIMIT 250`, params);
    return c.json({ Results: rows.map(item) });
  });

  const job = { jobGuid: 'id' } as const;
  r.get('/api/UploadQueue/Details', SIGNED_IN, { query: job }, async (c) =>
    c.json(item(await jobFor(c.get('ctx'), c.get('user'), intParam(c, 'jobGuid')))));

  r.get('/api/UploadQueue/Items', SIGNED_IN, { query: { ...job, outcome: 'text', ...PAGE_QUERY } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const row = await jobFor(ctx, user, intParam(c, 'jobGuid'));
    const { pageNumber, pageSize } = pageParams(c);
    return c.json(await importRows(ctx, user, (await loadImport(ctx.db, row.importid))!, outcomesParam(c), pageNumber, pageSize));
  });

  // UQ-007/008/009: the history search.
  r.get('/api/UploadQueue/History', SIGNED_IN, {
    query: { jobGuid: 'id', queueName: 'text', jobStatus: 'text', userId: 'id', dateStart: 'date', dateEnd: 'date', ...PAGE_QUERY },
  }, async (c) => {
    const ctx = c.get('ctx');
    const start = dateParam(c, 'dateStart');
    const end = dateParam(c, 'dateEnd');
    if (start && end && start > end) throw badRequest(DATE_ORDER, [{ Field: 'dateStart', Message: DATE_ORDER }]);
    const { pageNumber, pageSize } = pageParams(c, 50);
    if (pageSize > 250) throw badRequest('pageSize must be at most 250.', [{ Field: 'pageSize', Message: 'Out of range.' }]);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => { params.push(v); where.push(sql.replace('?', `$${params.length}`)); };
    if (queryParam(c, 'jobGuid')) add('j.jobid = ?', intParam(c, 'jobGuid'));
    const queue = queryParam(c, 'queueName')?.trim();
    if (queue) add('lower(j.queue) = lower(?)', queue);
    const status = queryParam(c, 'jobStatus')?.trim();
    if (status) {
      const known = JOB_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase());
      if (!known) throw badRequest(`Unknown job status '${status.slice(0, 20)}'.`, [{ Field: 'jobStatus', Message: `One of ${JOB_STATUSES.join(', ')}.` }]);
      add('j.status = ?', known);
    }
    if (queryParam(c, 'userId')) add('j.createdby = ?', intParam(c, 'userId'));
    // UQ-009: from 00:00:00 of the start day to 23:59:59 of the end day (the end day's whole last second included).
    if (start) add(`j.createdat >= ?::date`, start);
    if (end) add(`j.createdat < ?::date + 1`, end);
    scoped(c.get('user'), where, params);
    const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${ITEM} ${cond}) x`, params);
    const rows = await ctx.db.query(`${ITEM} ${cond} ORDER BY j.jobid DESC LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`, params);
    return c.json(paged(rows.map(item), pageNumber, pageSize, n));
  });

  // UQ-004, DECISIONS UQ-005: the status the user saw must still be the job's.
  const change = (to: 'Canceled' | 'Queued', from: string[]) => async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const row = await jobFor(ctx, c.get('user'), intParam(c, 'jobGuid'));
    const seen = queryParam(c, 'currentStatus');
    if (seen && seen.toLowerCase() !== String(row.status).toLowerCase()) {
      throw conflict(`The job is ${row.status} now (not ${seen.slice(0, 20)}); reload the queue.`, { JobStatus: row.status });
    }
    if (!from.includes(row.status)) {
      throw badRequest(`A ${row.status} job cannot be ${to === 'Canceled' ? 'canceled' : 'resumed'}.`, [{ Field: 'currentStatus', Message: `Only from ${from.join(' or ')}.` }]);
    }
    const [done] = await ctx.db.query<{ status: string }>(
      `UPDATE jobs SET status = $2, lockedat = NULL, runat = now()${to === 'Queued' ? ', attempts = 0, lasterror = NULL, completedat = NULL' : ', completedat = now()'}
        WHERE jobid = $1 AND status = ANY($3) RETURNING status`, [row.jobid, to, from]);
    if (!done) throw conflict('The job changed meanwhile; reload the queue.', {});
    if (to === 'Queued') ctx.jobs.wake();
    return c.json({ IsSuccessful: true, Message: to === 'Canceled' ? 'The job was canceled.' : 'The job was resumed.', JobStatus: done.status });
  };
  const statusQuery = { query: { jobGuid: 'id', currentStatus: 'text' } } as const;
  r.post('/api/UploadQueue/Cancel', SIGNED_IN, statusQuery, change('Canceled', CAN_CANCEL));
  r.post('/api/UploadQueue/Resume', SIGNED_IN, statusQuery, change('Queued', CAN_RESUME));

  r.get('/api/UploadQueue/FailedRows', SIGNED_IN, { query: job }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const row = await jobFor(ctx, user, intParam(c, 'jobGuid'));
    const imp = (await loadImport(ctx.db, row.importid))!;
    if (imp.createdby !== user.userId) throw notFound('The job was not found.');
    const name = failedRowsFileName(imp);
    return c.body(failedRowsFile(ctx, user, imp), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });
}
