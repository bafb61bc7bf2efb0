/**
 * /upload-queue/{id} (UQ-001): a job's status, file, creator and dates, a progress bar (Done of
 * Total) polled every 2 seconds while the job is Queued or Running, its counts, Resume/Cancel
 * (UQ-004/005), the per-row results by outcome, and the failed rows as an .xlsx with an Error
 * column, ready to fix and upload again. A completed upload offers "Undo this upload" (ADR 033). The
 * breadcrumb names the file, never a bare id.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, saveFile } from '../../api/http';
import { errorText } from '../../api/error-text';
import { JOB_FILTERS, PREVIEW_FILTERS } from '../../components/upload/diff-cells';
import { ImportPreviewDialog } from '../../components/upload/ImportPreviewDialog';
import { UPLOAD_KINDS } from '../../components/upload/upload-kinds';
import { FileProblem } from '../../components/upload/FileProblem';
import { ImportRows } from '../../components/upload/ImportRows';
import { UploadCounts } from '../../components/upload/UploadCounts';
import { failedRowsFile, importPath, jobDetailsPath, jobItemsPath, undoImport, type ImportAnswer, type QueueItem } from '../../components/upload/upload-api';
import { FormAlert } from '../../forms/FormAlert';
import { formatDateTime } from '../../format/date';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { toast } from '../../shell/toast-store';
import { NotFoundState } from '../system/NotFoundState';
import { JobActions, JobProgress, JobStatusBadge } from './JobParts';
import { failedRowCount, isActive, JOB_POLL_MS, jobName } from './queue-helpers';
import { useFeedEvent, useFeedLive } from '../../feed/use-feed';

/** The failed rows' file name: the upload's name with '-FailedRows'. */
export const failedRowsName = (fileName: string | null | undefined, jobId: number) =>
  `${(fileName ?? '').replace(/\.(xlsx?|ods|csv|tsv)$/i, '') || `Upload-${jobId}`}-FailedRows.xlsx`;

export function UploadJobScreen() {
  const { id = '' } = useParams();
  const jobId = /^\d+$/.test(id) ? Number(id) : null;
  // Issue 30: the change feed brings the job's status and progress; the 2-second poll runs only while the feed is down.
  const live = useFeedLive();
  const {
    data: job,
    error,
    mutate,
  } = useSWR<QueueItem>(jobId ? jobDetailsPath(jobId) : null, {
    refreshInterval: (j) => (!live && (!j || isActive(j.JobStatus)) ? JOB_POLL_MS : 0),
    dedupingInterval: JOB_POLL_MS / 2,
  });
  const { mutate: mutateKeys } = useSWRConfig();
  useFeedEvent('jobs', (d: { Jobs: QueueItem[] }) => {
    const changed = d.Jobs.find((j) => j.JobId === jobId);
    if (!changed) return;
    void mutate(changed, { revalidate: false });
    // The rows list follows the job (its saved and failed rows).
    const rows = `/api/UploadQueue/Items?jobGuid=${changed.JobId}`;
    void mutateKeys((key) => typeof key === 'string' && (key === rows || key.startsWith(`${rows}&`)));
  });
  const { data: upload, mutate: reloadUpload } = useSWR<ImportAnswer>(job?.ImportId ? importPath(job.ImportId) : null, { shouldRetryOnError: false });
  // The upload's state follows its job's (Committed when the job completes: then it may be undone).
  const jobStatus = job?.JobStatus;
  useEffect(() => {
    if (jobStatus) void reloadUpload();
  }, [jobStatus, reloadUpload]);
  usePageTitle(jobName(job));
  const [downloading, setDownloading] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [undoing, setUndoing] = useState<number | null>(null);
  const [startingUndo, setStartingUndo] = useState(false);
  const navigate = useNavigate();

  if (jobId === null || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundState what="Upload Job" text="This job does not exist or is not yours." back={{ to: '/upload-queue', label: 'Go to the Upload Queue' }} />;
  }
  if (error)
    return (
      <>
        <PageHeader title="Upload job" />
        <FormAlert messages={[errorText(error, 'The job could not be loaded.')]} />
      </>
    );
  if (!job)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );

  const active = isActive(job.JobStatus);
  const failed = failedRowCount(job.Counts);
  const c = job.Counts ?? {};
  // A dry run's page shows what the file would do; a commit's what it did.
  const preview = !!job.IsPreview;
  const kindInfo = upload ? UPLOAD_KINDS[upload.Kind] : undefined;
  const expired = !!upload?.ExpiresOn && Date.parse(upload.ExpiresOn) <= Date.now();
  const canReview = preview && upload?.Status === 'Previewed' && !!kindInfo && !expired;
  // ADR 033: a completed upload offers its undo, an upload of its own (preview, confirm, job).
  const canUndo = !preview && job.JobStatus === 'Completed' && !!upload?.CanUndo && !!kindInfo;
  const startUndo = async () => {
    if (!upload) return;
    setStartingUndo(true);
    try {
      setUndoing((await undoImport(upload.ImportId)).ImportId);
    } catch (e) {
      toast.error(errorText(e, 'The undo could not be started.'));
    } finally {
      setStartingUndo(false);
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await failedRowsFile(job.JobId);
      if (blob) saveFile(blob, failedRowsName(job.FileName, job.JobId));
    } catch (e) {
      toast.error(errorText(e, 'The failed rows could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <PageHeader
        title={jobName(job) || 'Upload job'}
        subtitle={
          <>
            {job.QueueName} · job {job.JobId} · <JobStatusBadge status={job.JobStatus} />
          </>
        }
        actions={
          <>
            {canReview && (
              <button type="button" className="btn btn--small btn--primary" onClick={() => setReviewing(true)} title="This upload waits for your confirmation.">
                Review and confirm
              </button>
            )}
            {canUndo && (
              <button
                type="button"
                className="btn btn--small"
                disabled={startingUndo}
                onClick={() => void startUndo()}
                title="Put back the value each cell had before this upload; cells changed again since are listed and left alone. You see the preview first."
              >
                {startingUndo ? <span className="spinner" aria-hidden="true" /> : null} Undo this upload
              </button>
            )}
            <JobActions job={job} onChanged={() => void mutate()} />
          </>
        }
      />
      <dl className="job-header">
        <div>
          <dt>Status</dt>
          <dd>
            {job.JobStatus}
            {active && <span className="spinner" aria-hidden="true" style={{ marginLeft: 6 }} />}
          </dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>{job.FileName ?? '—'}</dd>
        </div>
        <div>
          <dt>Created by</dt>
          <dd>{job.CreatedByName ?? job.CreatedBy ?? '—'}</dd>
        </div>
        <div>
          <dt>Created on</dt>
          <dd>{formatDateTime(job.CreatedOn) || '—'}</dd>
        </div>
        <div>
          <dt>Started on</dt>
          <dd>{formatDateTime(job.StartedOn) || '—'}</dd>
        </div>
        <div>
          <dt>Completed on</dt>
          <dd>{formatDateTime(job.CompletedOn) || '—'}</dd>
        </div>
      </dl>
      {upload?.UndoOf ? <p className="muted">This upload takes back an earlier one: every cell it restores is listed below.</p> : null}
      {preview && upload?.Status === 'Previewed' && upload.ExpiresOn ? (
        <p className="muted">
          A preview, not a job: nothing is written until you confirm it. {expired ? 'It expired on' : 'It expires on'} {formatDateTime(upload.ExpiresOn)}.
        </p>
      ) : null}
      <JobProgress job={job} large />
      <UploadCounts
        label="Rows of the job"
        style={{ marginTop: 'var(--s3)' }}
        counts={[
          ...(preview
            ? [{ label: 'Changed', value: c.Changed, tone: 'changed' as const }]
            : [
                { label: 'Saved', value: c.Saved, tone: 'good' as const },
                { label: 'Failed', value: c.Failed, tone: c.Failed ? ('bad' as const) : undefined },
              ]),
          { label: 'Refused', value: c.Refused, tone: c.Refused ? 'bad' : undefined },
          { label: 'Unknown', value: c.Unknown, tone: c.Unknown ? 'bad' : undefined },
          { label: 'Unchanged', value: c.Unchanged },
          { label: 'Rows', value: c.Rows },
        ]}
      />
      {job.LastError && <FormAlert messages={[job.LastError]} />}
      {upload?.Status === 'Refused' && <FileProblem message={upload.Message ?? 'The file was refused.'} errors={upload.Errors ?? []} />}
      <section className="upload-section" aria-labelledby="job-rows">
        <h2 id="job-rows">Rows</h2>
        <ImportRows
          key={String(preview)}
          columns={upload?.Columns ?? []}
          filters={preview ? PREVIEW_FILTERS : JOB_FILTERS}
          initial={preview ? 'All' : undefined}
          path={(o, p) => jobItemsPath(job.JobId, o, p)}
          height="max(280px, calc(100vh - 520px))"
          refreshMs={active && !live ? JOB_POLL_MS : undefined}
          actions={
            <button
              type="button"
              className="btn btn--small"
              disabled={!failed || downloading}
              onClick={() => void download()}
              title={failed ? 'The refused, failed and unknown rows with an Error column, ready to fix and upload again.' : 'Every row was saved.'}
            >
              {downloading ? <span className="spinner" aria-hidden="true" /> : null} Download failed rows
            </button>
          }
        />
      </section>
      {undoing !== null && kindInfo && (
        <ImportPreviewDialog
          importId={undoing}
          info={kindInfo}
          onClose={(queued) => {
            setUndoing(null);
            if (queued !== undefined) void navigate(`/upload-queue/${queued}`);
          }}
        />
      )}
      {reviewing && upload && kindInfo && (
        <ImportPreviewDialog
          importId={upload.ImportId}
          info={kindInfo}
          onClose={(queued) => {
            setReviewing(false);
            if (queued !== undefined) void navigate(`/upload-queue/${queued}`);
            else void mutate();
          }}
        />
      )}
    </>
  );
}
