/**
 * The preview of an upload (issue 13): polls the import while its dry run runs, then shows what
 * confirming would do (counts, the diff grid by outcome) or why the file was refused (its message
 * and errors by row and column, UQ-010's failure toast). Confirm (Enter, Ctrl+S) queues the job
 * and shows UQ-010's (or SEARCH-015's) toast with a link to it; Cancel (Esc) discards the import.
 */
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { errorText } from '../../api/error-text';
import { Modal } from '../../shell/Modal';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { changesNothing, PREVIEW_FILTERS } from './diff-cells';
import { FileProblem } from './FileProblem';
import { ImportRows } from './ImportRows';
import { UploadCounts } from './UploadCounts';
import {
  commitImport,
  discardImport,
  importPath,
  importRowsPath,
  jobDetailsPath,
  jobFinished,
  type FileError,
  type ImportAnswer,
  type QueueItem,
} from './upload-api';
import { failureText, jobPath, queuedText, successText, type UploadKindInfo } from './upload-kinds';
import { apiFetch } from '../../api/http';
import './upload.css';

/** ADR 028 (the server's text for the same refusal). */
const ALL_OR_NOTHING = 'This upload is all or nothing: correct the refused and unknown rows and upload the file again. Nothing is written until then.';

/** How often the preview is asked for while the dry run runs. */
export const PREVIEW_POLL_MS = 500;
/** A toast with a link stays long enough to be clicked. */
const LINK_TOAST_MS = 10_000;

export interface ImportPreviewDialogProps {
  /** The import to preview; null with `refusal` for a file the server refused at once. */
  importId: number | null;
  refusal?: { FileName: string; Message: string; Errors: readonly FileError[] };
  info: UploadKindInfo;
  /** The dialog is done (confirmed, cancelled or refused); `jobId` when a job was queued. */
  onClose: (jobId?: number) => void;
}

export function ImportPreviewDialog({ importId, refusal, info, onClose }: ImportPreviewDialogProps) {
  const { data, error } = useSWR<ImportAnswer>(importId === null ? null : importPath(importId), {
    refreshInterval: (d) => (!d || d.Status === 'Previewing' ? PREVIEW_POLL_MS : 0),
    dedupingInterval: PREVIEW_POLL_MS / 2, // SWR's 2 s default would stretch the polls
  });
  const [busy, setBusy] = useState(false);
  const refused = !!refusal || data?.Status === 'Refused';
  const ready = data?.Status === 'Previewed';
  const nothing = ready && changesNothing(data.Counts);
  const blocked = ready && !!data.AllOrNothing && (data.Counts?.Refused ?? 0) + (data.Counts?.Unknown ?? 0) > 0;
  const canConfirm = ready && !nothing && !blocked && !busy;
  const warned = useRef(false);
  useEffect(() => {
    if ((refused || error) && !warned.current) {
      warned.current = true;
      toast.error(failureText(info));
    }
  }, [refused, error, info]);

  const confirm = async () => {
    if (!canConfirm || importId === null) return;
    setBusy(true);
    try {
      const { JobId } = await commitImport(importId);
      // Issue 27: the toast says what happened: confirmed and being saved now; 'Upload Completed' once the job has written the rows.
      toast.success(queuedText(info, data?.Counts?.Changed ?? 0), LINK_TOAST_MS, { to: jobPath(JobId), label: `Open job ${JobId} in the Upload Queue` });
      void announceWhenDone(JobId, info);
      onClose(JobId);
    } catch (e) {
      toast.error(`${failureText(info)} ${errorText(e, '')}`.trim());
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (busy) return;
    if (importId !== null && data && (data.Status === 'Previewing' || data.Status === 'Previewed')) {
      setBusy(true);
      await discardImport(importId).catch(() => undefined);
    }
    onClose();
  };
  const body = useRef<HTMLDivElement>(null);
  useSaveShortcut(
    () => void confirm(),
    canConfirm,
    () => body.current?.closest('dialog'),
  );
  const onKeyDown = (e: React.KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (e.key === 'Enter' && !e.ctrlKey && !e.altKey && !e.shiftKey && !t.closest('button, a, input, select, textarea, .handsontable')) {
      e.preventDefault();
      void confirm();
    }
  };

  const fileName = refusal?.FileName ?? data?.FileName;
  const title = fileName ? `${info.title}: ${fileName}` : info.title;
  return (
    <Modal
      title={title}
      className="import-preview"
      onCancel={() => void cancel()}
      actions={
        <>
          <button type="button" className="btn" onClick={() => void cancel()} disabled={busy}>
            {refused || error ? 'Close' : 'Cancel'}
          </button>
          {!refused && !error && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void confirm()}
              disabled={!canConfirm}
              data-autofocus
              title={nothing ? 'The file changes nothing.' : blocked ? ALL_OR_NOTHING : 'Save the changed rows in the background (Enter or Ctrl+S).'}
            >
              {busy ? <span className="spinner" aria-hidden="true" /> : null} Confirm
            </button>
          )}
        </>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: listens to the Enter key bubbling from inside the preview; the box itself takes no focus */}
      <div ref={body} onKeyDown={onKeyDown} className="import-preview__content">
        {refusal ? (
          <FileProblem message={refusal.Message} errors={refusal.Errors} />
        ) : error ? (
          <FileProblem message={errorText(error, 'The upload could not be read.')} errors={[]} />
        ) : !data || data.Status === 'Previewing' ? (
          <p className="with-spinner" role="status">
            <span className="spinner" aria-hidden="true" /> Reading {data?.FileName ?? 'the file'}…
          </p>
        ) : data.Status === 'Refused' ? (
          <FileProblem message={data.Message ?? failureText(info)} errors={data.Errors ?? []} />
        ) : (
          <Preview answer={data} nothing={!!nothing} />
        )}
      </div>
    </Modal>
  );
}

/** The job's outcome as a toast once it has finished (while the app stays open; the mail says it anyway). */
async function announceWhenDone(jobId: number, info: UploadKindInfo) {
  const status = await jobFinished(jobId);
  if (!status) return;
  const link = { to: jobPath(jobId), label: `Open job ${jobId} in the Upload Queue` };
  if (status !== 'Completed') {
    toast.error(`${failureText(info)}: job ${jobId} ${status === 'Canceled' ? 'was canceled' : 'failed'}. See the Upload Queue.`, LINK_TOAST_MS);
    return;
  }
  const job = await apiFetch<QueueItem>(jobDetailsPath(jobId)).catch(() => null);
  const c = job?.Counts ?? {};
  toast.success(successText(info, c.Saved ?? 0, (c.Failed ?? 0) + (c.Refused ?? 0)), LINK_TOAST_MS, link);
}

function Preview({ answer, nothing }: { answer: ImportAnswer; nothing: boolean }) {
  const c = answer.Counts ?? {};
  if (answer.Status !== 'Previewed') return <p role="status">This upload is {answer.Status.toLowerCase()}.</p>;
  return (
    <>
      <UploadCounts
        label="Rows of the file"
        counts={[
          { label: 'Changed', value: c.Changed, tone: 'changed' },
          { label: 'Unchanged', value: c.Unchanged },
          { label: 'Refused', value: c.Refused, tone: c.Refused ? 'bad' : undefined },
          { label: 'Unknown', value: c.Unknown, tone: c.Unknown ? 'bad' : undefined },
          { label: 'Rows', value: c.Rows },
        ]}
      />
      {answer.Sheet && <p className="muted import-preview__note">Read from the sheet “{answer.Sheet}”.</p>}
      {answer.Message && <p className="muted import-preview__note">{answer.Message}</p>}
      {answer.AllOrNothing && (c.Refused || c.Unknown) ? (
        <p className="alert alert--warning" role="status">
          {ALL_OR_NOTHING}
        </p>
      ) : null}
      {nothing && (
        <p className="no-changes" role="status">
          <strong>No changes.</strong> Every row of this file matches what is saved
          {c.Refused || c.Unknown ? ', or cannot be saved (see the refused and unknown rows)' : ''}.
        </p>
      )}
      <ImportRows
        columns={answer.Columns ?? []}
        filters={PREVIEW_FILTERS}
        initial={nothing ? (c.Refused ? 'Refused' : c.Unknown ? 'Unknown' : 'All') : 'Changed'}
        path={(o, p) => importRowsPath(answer.ImportId, o, p)}
        height="min(420px, calc(100vh - 420px))"
      />
    </>
  );
}
