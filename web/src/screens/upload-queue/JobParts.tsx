/** Pieces of a job shared by the upload queue screens (UQ-003/004): status badge, progress bar, Resume and Cancel. */
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { changeJob, type JobStatus, type QueueItem } from '../../components/upload/upload-api';
import { progressOf } from './queue-helpers';
import '../../components/upload/upload.css';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span className={`job-status job-status--${status}`} data-testid="job-status">
      {status}
    </span>
  );
}

/**
 * Done of Total as a bar: saved rows green and rows not saved red (a stacked bar of the job's
 * outcome) while the accent shows rows done whose outcome is not counted yet.
 */
export function JobProgress({ job, large }: { job: Pick<QueueItem, 'Progress' | 'Counts' | 'JobStatus'>; large?: boolean }) {
  const p = progressOf(job);
  const rest = Math.max(0, p.percent - p.saved - p.failed);
  const label = `${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} rows`;
  return (
    <div className={`progress${large ? ' progress--large' : ''}`}>
      <div
        className="progress__bar"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        aria-valuetext={label}
      >
        <span className="is-saved" style={{ width: `${p.saved}%` }} title={`${job.Counts?.Saved ?? 0} saved`} />
        <span className="is-failed" style={{ width: `${p.failed}%` }} title="Not saved" />
        <span className="is-done" style={{ width: `${rest}%` }} />
      </div>
      <span className="progress__text">{large ? `${label} (${p.percent}%)` : `${p.percent}%`}</span>
    </div>
  );
}

/** Resume and Cancel as the job's status allows (DECISIONS UQ-005; the answer's CanResume/CanCancel). */
export function JobActions({ job, onChanged }: { job: QueueItem; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const act = async (action: 'Resume' | 'Cancel') => {
    setAsking(false);
    setBusy(true);
    try {
      const answer = await changeJob(action, job);
      if (answer.IsSuccessful) toast.success(answer.Message || `Job ${action === 'Resume' ? 'resumed' : 'canceled'}.`);
      else toast.error(answer.Message || `The job could not be ${action === 'Resume' ? 'resumed' : 'canceled'}.`);
    } catch (e) {
      toast.error(errorText(e, `The job could not be ${action === 'Resume' ? 'resumed' : 'canceled'}.`));
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <span className="job-actions">
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || !job.CanResume}
        onClick={() => void act('Resume')}
        title={job.CanResume ? 'Continue after the last saved row.' : 'Only a Failed or Canceled job can be resumed.'}
      >
        Resume
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || !job.CanCancel}
        onClick={() => setAsking(true)}
        title={job.CanCancel ? 'Stop the job after the batch it is saving.' : 'Only a Queued or Running job can be canceled.'}
      >
        Cancel
      </button>
      {asking && (
        <ConfirmDialog
          title="Cancel the job?"
          message={`Job ${job.JobId} (${job.FileName ?? job.QueueName}) stops after the batch it is saving; rows already saved stay saved. You can resume it later.`}
          confirmLabel="Cancel job"
          cancelLabel="Keep running"
          danger
          onConfirm={() => void act('Cancel')}
          onCancel={() => setAsking(false)}
        />
      )}
    </span>
  );
}
