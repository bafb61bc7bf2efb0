/**
 * The calls of the import pipeline and the upload queue (issue 13, UQ-004/006/007): an upload
 * answers a dry run (the preview), which the user confirms (a job) or discards; the queue lists
 * the jobs, their rows, resume/cancel and the failed rows' workbook.
 */
import { apiBlob, apiFetch, withQuery, type FormValue } from '../../api/http';
import type { UploadKind } from './upload-kinds';

export type ImportStatus = 'Previewing' | 'Previewed' | 'Refused' | 'Committing' | 'Committed' | 'Discarded';
export type RowOutcome = 'changed' | 'unchanged' | 'refused' | 'unknown' | 'saved' | 'failed';
export type JobStatus = 'Queued' | 'Running' | 'Completed' | 'Failed' | 'Canceled';

export interface ImportCounts {
  Rows: number;
  Changed: number;
  Unchanged: number;
  Refused: number;
  Unknown: number;
  Saved: number;
  Failed: number;
}
/** A problem of the file or of a cell: Row/Column when it belongs to one. */
export interface FileError {
  Row?: number;
  Column?: string;
  Field?: string;
  Message: string;
}
export interface ImportColumn {
  Field: string;
  Title: string;
  Type: string;
}

export interface ImportAnswer {
  ImportId: number;
  Kind: UploadKind;
  Title: string;
  FileName: string;
  Status: ImportStatus;
  Message: string | null;
  Errors: FileError[] | null;
  Counts: Partial<ImportCounts> | null;
  Columns: ImportColumn[] | null;
  PreviewJobId: number | null;
  /** ADR 028: nothing is written while a row is refused or unknown. */
  AllOrNothing?: boolean;
  JobId: number | null;
  CreatedOn: string;
  /** ADR 033: the sheet the preview read; the upload an undo takes back; whether this completed upload may be undone; when a preview expires. */
  Sheet?: string | null;
  UndoOf?: number | null;
  CanUndo?: boolean;
  ExpiresOn?: string | null;
}

export interface ImportRow {
  RowNumber: number;
  Key: number | null;
  Label: string | null;
  Outcome: RowOutcome;
  /** Only the changed cells: old → new (names for references). */
  Cells: Record<string, { Old: unknown; New: unknown }> | null;
  Values: Record<string, unknown> | null;
  Errors: { Field?: string | null; Message: string }[] | null;
}

export interface Paged<T> {
  Results: T[];
  TotalRecords?: number;
  TotalPages?: number;
  PageNumber?: number;
  PageSize?: number;
}

export interface QueueItem {
  JobId: number;
  QueueName: string;
  JobStatus: JobStatus;
  CreatedBy: number | string | null;
  CreatedByName: string | null;
  CreatedOn: string | null;
  StartedOn: string | null;
  CompletedOn: string | null;
  ImportId: number | null;
  Kind: string | null;
  FileName: string | null;
  Counts: Partial<ImportCounts> | null;
  Progress: { Done: number; Total: number } | null;
  LastError: string | null;
  CanResume: boolean;
  CanCancel: boolean;
  /** The import's own status (a preview job whose file was refused is Completed, its import Refused). */
  ImportStatus?: ImportStatus;
  /** The job is an upload's dry run, not its commit. */
  IsPreview?: boolean;
  /** ADR 033: the upload this job's import takes back. */
  UndoOf?: number | null;
}

export interface ResumeCancelAnswer {
  IsSuccessful: boolean;
  Message: string;
  JobStatus: JobStatus;
}

/** Rows of a preview or of a job: the pageSize the screens ask for. */
export const ROWS_PAGE_SIZE = 1000;

export async function uploadFile(kind: UploadKind, file: File, extra?: Record<string, FormValue>): Promise<{ ImportId: number; PreviewJobId: number | null }> {
  const body = new FormData();
  body.append('file', file, file.name);
  for (const [k, v] of Object.entries(extra ?? {})) if (v !== undefined && v !== null) body.append(k, String(v));
  return apiFetch(`/api/Upload/${kind}`, { method: 'POST', multipart: body });
}

export const importPath = (importId: number) => `/api/Upload/${importId}`;

/** `outcomes` empty: every row. */
export const rowsQuery = (outcomes: readonly RowOutcome[], pageNumber: number, pageSize = ROWS_PAGE_SIZE): Record<string, FormValue> => ({
  outcome: outcomes.join(',') || undefined,
  pageNumber,
  pageSize,
});

export const importRowsPath = (importId: number, outcomes: readonly RowOutcome[], page: number) =>
  withQuery(`/api/Upload/${importId}/Rows`, rowsQuery(outcomes, page));
export const jobItemsPath = (jobId: number, outcomes: readonly RowOutcome[], page: number) =>
  withQuery('/api/UploadQueue/Items', { jobGuid: jobId, ...rowsQuery(outcomes, page) });

export const commitImport = (importId: number) => apiFetch<{ JobId: number; Message: string }>(`/api/Upload/${importId}/Commit`, { method: 'POST' });
export const discardImport = (importId: number) => apiFetch<unknown>(`/api/Upload/${importId}/Discard`, { method: 'POST' });
/** ADR 033: the undo of a completed upload, previewed like any upload. */
export const undoImport = (importId: number) => apiFetch<{ ImportId: number; PreviewJobId: number }>(`/api/Upload/${importId}/Undo`, { method: 'POST' });

export const QUEUE_PATH = '/api/UploadQueue';
export const jobDetailsPath = (jobId: number) => withQuery('/api/UploadQueue/Details', { jobGuid: jobId });

export interface HistoryQuery {
  jobGuid?: string;
  queueName?: string;
  jobStatus?: string;
  userId?: string;
  dateStart?: string;
  dateEnd?: string;
  pageNumber: number;
  pageSize: number;
}
export const historyPath = (q: HistoryQuery) => withQuery('/api/UploadQueue/History', { ...q });

/** Resume or Cancel of a job in its current status (DECISIONS UQ-005). */
export const changeJob = (action: 'Resume' | 'Cancel', job: Pick<QueueItem, 'JobId' | 'JobStatus'>) =>
  apiFetch<ResumeCancelAnswer>(`/api/UploadQueue/${action}`, { method: 'POST', query: { jobGuid: job.JobId, currentStatus: job.JobStatus } });

export const failedRowsFile = (jobId: number) => apiBlob('/api/UploadQueue/FailedRows', { query: { jobGuid: jobId } });

/** How often a screen asks whether the job of its upload has finished. */
export const JOB_WATCH_MS = 2000;

/**
 * Resolves with the job's status once it is no longer Queued or Running (a screen reloads its rows
 * then); stops asking, and resolves null, when `signal` aborts or after an hour.
 */
export async function jobFinished(jobId: number, signal?: AbortSignal): Promise<JobStatus | null> {
  const until = Date.now() + 60 * 60 * 1000;
  while (!signal?.aborted && Date.now() < until) {
    try {
      const job = await apiFetch<QueueItem>(jobDetailsPath(jobId));
      if (job.JobStatus !== 'Queued' && job.JobStatus !== 'Running') return job.JobStatus;
    } catch {
      /* a failed poll is asked again */
    }
    await new Promise((resolve) => setTimeout(resolve, JOB_WATCH_MS));
  }
  return null;
}
