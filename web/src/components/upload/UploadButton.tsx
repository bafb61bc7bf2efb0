/**
 * "Upload" of a mass upload (issue 13; FLASH-005, FLASH-026, SEARCH-013): picks an .xls or .xlsx
 * (any other name is refused here with CONST-029's text; the server checks the content), posts
 * it to the kind's route and opens the preview. A file the server refuses at once (400, 413)
 * shows its message and errors.
 */
import { useRef, useState } from 'react';
import { ApiError, type FormValue } from '../../api/http';
import { serverMessages } from '../../api/error-text';
import { toast } from '../../shell/toast-store';
import { ImportPreviewDialog, type ImportPreviewDialogProps } from './ImportPreviewDialog';
import { uploadFile, type FileError } from './upload-api';
import { EXCEL_ACCEPT, failureText, isExcelName, NOT_EXCEL, UPLOAD_KINDS, type UploadKind } from './upload-kinds';

/** A 413's text when the server says nothing. */
export const TOO_LARGE = 'The file is too large to upload.';

export interface UploadButtonProps {
  kind: UploadKind;
  /** Button text (default 'Upload'). */
  label?: string;
  /** Sent with the file (SeasonId, BrandId). */
  fields?: Record<string, FormValue>;
  className?: string;
  /** After a job was queued. */
  onQueued?: (jobId: number) => void;
}

type Open = Pick<ImportPreviewDialogProps, 'importId' | 'refusal'>;

export function UploadButton({ kind, label = 'Upload', fields, className = 'btn btn--small', onQueued }: UploadButtonProps) {
  const info = UPLOAD_KINDS[kind];
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState<Open | null>(null);
  const send = async (file: File) => {
    if (!isExcelName(file.name)) {
      toast.error(NOT_EXCEL);
      return;
    }
    setSending(true);
    try {
      const { ImportId } = await uploadFile(kind, file, fields);
      setOpen({ importId: ImportId });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 413 || e.status === 415)) {
        const body = (e.body ?? {}) as { Message?: string; Errors?: FileError[] };
        const message = body.Message || serverMessages(body)[0] || (e.status === 413 ? TOO_LARGE : NOT_EXCEL);
        setOpen({ importId: null, refusal: { FileName: file.name, Message: message, Errors: Array.isArray(body.Errors) ? body.Errors : [] } });
      } else if (!(e instanceof ApiError && e.status === 403)) toast.error(failureText(info));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={sending}
        onClick={() => input.current?.click()}
        title={`Upload an Excel file (.xls or .xlsx); you see what it changes before anything is saved.`}
      >
        {sending ? <span className="spinner" aria-hidden="true" /> : null} {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={EXCEL_ACCEPT}
        hidden
        aria-label={`${label} file`}
        data-upload-kind={kind}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      {open && (
        <ImportPreviewDialog
          {...open}
          info={info}
          onClose={(jobId) => {
            setOpen(null);
            if (jobId !== undefined) onQueued?.(jobId);
          }}
        />
      )}
    </>
  );
}
