/**
 * The upload queue (UQ-001..011, DECISIONS UQ-005, PERM-026): the jobs of uploads — their dry runs
 * and their commits — read from the queue's own table (ADR 004). Every signed-in user sees their
 * own jobs; module 18 read sees everyone's. Cancel from Queued or Running; Resume from Failed or
 * Canceled (a commit goes on after its last committed row). A job another user may not see answers
 * like a missing one.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { badRequest, notFound } from '../http/errors';
import { intParam, queryParam } from '../http/request';
import { failedRowsFile, failedRowsFileName } from '../imports/failed-rows';
import { loadImport } from '../imports/store';
import { importRows } from '../imports/uploads';
import { CAN_CANCEL, CAN_RESUME, changeJobStatus, currentJobs, jobFor, jobHistory, jobItem } from '../imports/upload-jobs';
import { outcomesParam, pageParams, PAGE_QUERY } from './uploads';

export const JOB_STATUSES = ['Queued', 'Running', 'Completed', 'Failed', 'Canceled'] as const;
export const DATE_ORDER = 'Select a Start date that ocurrs before the End date.';

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
  r.get('/api/UploadQueue', SIGNED_IN, async (c) => c.json({ Results: await currentJobs(c.get('ctx'), c.get('user')) }));

  const job = { jobGuid: 'id' } as const;
  r.get('/api/UploadQueue/Details', SIGNED_IN, { query: job }, async (c) => c.json(jobItem(await jobFor(c.get('ctx'), c.get('user'), intParam(c, 'jobGuid')))));

  r.get('/api/UploadQueue/Items', SIGNED_IN, { query: { ...job, outcome: 'text', ...PAGE_QUERY } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const row = await jobFor(ctx, user, intParam(c, 'jobGuid'));
    const { pageNumber, pageSize } = pageParams(c);
    return c.json(await importRows(ctx, user, (await loadImport(ctx.db, row.importid))!, outcomesParam(c), pageNumber, pageSize));
  });

  // UQ-007/008/009: the history search.
  r.get(
    '/api/UploadQueue/History',
    SIGNED_IN,
    {
      query: { jobGuid: 'id', queueName: 'text', jobStatus: 'text', userId: 'id', dateStart: 'date', dateEnd: 'date', ...PAGE_QUERY },
    },
    async (c) => {
      const start = dateParam(c, 'dateStart');
      const end = dateParam(c, 'dateEnd');
      if (start && end && start > end) throw badRequest(DATE_ORDER, [{ Field: 'dateStart', Message: DATE_ORDER }]);
      const { pageNumber, pageSize } = pageParams(c, 50);
      if (pageSize > 250) throw badRequest('pageSize must be at most 250.', [{ Field: 'pageSize', Message: 'Out of range.' }]);
      const jobId = queryParam(c, 'jobGuid') ? intParam(c, 'jobGuid') : undefined;
      const queue = queryParam(c, 'queueName')?.trim();
      const status = queryParam(c, 'jobStatus')?.trim();
      const known = status ? JOB_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase()) : undefined;
      if (status && !known)
        throw badRequest(`Unknown job status '${status.slice(0, 20)}'.`, [{ Field: 'jobStatus', Message: `One of ${JOB_STATUSES.join(', ')}.` }]);
      const userId = queryParam(c, 'userId') ? intParam(c, 'userId') : undefined;
      return c.json(await jobHistory(c.get('ctx'), c.get('user'), { jobId, queue, status: known, userId, start, end }, pageNumber, pageSize));
    },
  );

  // UQ-004, DECISIONS UQ-005: the status the user saw must still be the job's.
  const change = (to: 'Canceled' | 'Queued', from: string[]) => async (c: Context<AppEnv>) => {
    const status = await changeJobStatus(c.get('ctx'), c.get('user'), intParam(c, 'jobGuid'), queryParam(c, 'currentStatus'), to, from);
    return c.json({ IsSuccessful: true, Message: to === 'Canceled' ? 'The job was canceled.' : 'The job was resumed.', JobStatus: status });
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
    return c.body(await failedRowsFile(ctx, user, imp), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });
}
