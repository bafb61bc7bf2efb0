/**
 * Pure rules of the upload queue screens (UQ-002, UQ-005, UQ-008, UQ-009): polling intervals,
 * result counts, the history date range, progress shares and the statuses a job may be in.
 */
import { parseTypedDate } from '../../components/fields/dates';
import type { ImportCounts, JobStatus, QueueItem } from '../../components/upload/upload-api';

/** UQ-002: the list polls every 5 seconds. */
export const QUEUE_POLL_MS = 5000;
/** A job's page polls every 2 seconds while the job waits or runs. */
export const JOB_POLL_MS = 2000;
/** UQ-008: result-count choices, default 50. */
export const RESULT_COUNTS = [25, 50, 100, 250] as const;
export const DEFAULT_RESULT_COUNT = 50;
/** UQ-005 (DECISIONS): the statuses. */
export const JOB_STATUSES: readonly JobStatus[] = ['Queued', 'Running', 'Completed', 'Failed', 'Canceled'];
/** UQ-009, verbatim (sic). */
export const DATE_ORDER_ERROR = 'Select a Start date that ocurrs before the End date.';
export const DATE_FORMAT_ERROR = 'Enter dates as MM/DD/YYYY.';

/** Whether a job may still change (its page keeps polling). */
export const isActive = (status: JobStatus | undefined) => status === 'Queued' || status === 'Running';

export interface DateRange {
  dateStart?: string;
  dateEnd?: string;
}

/**
 * UQ-009: the typed start and end dates (MM/DD/YYYY, blank for none) as the history call's
 * 'YYYY-MM-DD', or the error to show: a date that is no date, or a start after the end.
 */
export function historyDates(start: string, end: string): { range: DateRange } | { error: string } {
  const s = parseTypedDate(start);
  const e = parseTypedDate(end);
  if (s === null || e === null) return { error: DATE_FORMAT_ERROR };
  if (s && e && s > e) return { error: DATE_ORDER_ERROR };
  return { range: { ...(s ? { dateStart: s } : {}), ...(e ? { dateEnd: e } : {}) } };
}

export interface ProgressShares {
  done: number;
  total: number;
  saved: number;
  failed: number;
  percent: number;
}

/**
 * How far a job is: Done of Total (the rows it writes: the changed ones), and the saved / failed
 * shares of them (percent, 0..100). Refused and unknown rows were never the job's to write.
 */
export function progressOf(job: Pick<QueueItem, 'Progress' | 'Counts' | 'JobStatus'>): ProgressShares {
  const c: Partial<ImportCounts> = job.Counts ?? {};
  const total = Math.max(0, job.Progress?.Total ?? c.Rows ?? 0);
  const done = Math.min(total, Math.max(0, job.Progress?.Done ?? (job.JobStatus === 'Completed' ? total : 0)));
  const pct = (n: number) => (total ? Math.max(0, Math.min(100, (n / total) * 100)) : 0);
  const percent = total ? Math.round(pct(done)) : job.JobStatus === 'Completed' ? 100 : 0;
  const saved = pct(c.Saved ?? 0);
  return { done, total, saved, failed: Math.min(100 - saved, pct(c.Failed ?? 0)), percent };
}

/** Rows the failed-rows workbook would hold (refused, failed, unknown). */
export const failedRowCount = (counts: Partial<ImportCounts> | null | undefined) => (counts?.Refused ?? 0) + (counts?.Failed ?? 0) + (counts?.Unknown ?? 0);

/** The job's counts in a few words: '27 saved · 3 failed'. */
export function countsText(counts: Partial<ImportCounts> | null | undefined): string {
  if (!counts) return '';
  const n = (x: number) => x.toLocaleString('en-US');
  const parts: string[] = [];
  if (counts.Saved) parts.push(`${n(counts.Saved)} saved`);
  const bad = failedRowCount(counts);
  if (bad) parts.push(`${n(bad)} not saved`);
  if (counts.Unchanged) parts.push(`${n(counts.Unchanged)} unchanged`);
  if (!parts.length && counts.Changed) parts.push(`${n(counts.Changed)} to save`);
  return parts.join(' · ');
}

/** The Rows cell of a job: a dry run says what it found, a commit what it wrote. */
export function jobRowsText(job: Pick<QueueItem, 'Counts' | 'IsPreview' | 'ImportStatus'>): string {
  if (job.ImportStatus === 'Refused') return 'File refused';
  if (!job.IsPreview) return countsText(job.Counts);
  const c = job.Counts ?? {};
  const n = (x: number) => x.toLocaleString('en-US');
  const bad = (c.Refused ?? 0) + (c.Unknown ?? 0);
  const found = [c.Changed ? `${n(c.Changed)} to change` : '', bad ? `${n(bad)} refused` : '', c.Unchanged ? `${n(c.Unchanged)} unchanged` : '']
    .filter(Boolean)
    .join(' · ');
  // Issue 27: a preview the queue lists waits for confirmation: nothing is written yet.
  return job.ImportStatus === 'Previewed' || job.ImportStatus === 'Previewing' ? `Preview, not confirmed${found ? `: ${found}` : ''}` : found;
}

/** A job's name for breadcrumbs and titles: its file, else its queue (never a bare id). */
export const jobName = (job: Pick<QueueItem, 'FileName' | 'QueueName'> | undefined) => job?.FileName || job?.QueueName || '';
