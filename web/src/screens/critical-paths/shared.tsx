/**
 * Pieces the three critical path edit screens share: the collapsible header card, the header form's
 * committed values and checks, the report button, the save outcome, a grid document's titles.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { ApiError, apiRequest, saveFile } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import { todayIso } from '../../format/business-date';
import { toast } from '../../shell/toast-store';
import { gridColumns } from '../../components/data-grid/columns';
import { useEntitySchema, useGridDocument } from '../../components/fields/schema-docs';
import { useHeaderMinimized } from './header-pref';
import { NOT_EXISTS, REVIEW_RED, SAVE_ERROR, type Approver } from './cp-rows';

/** CP-018: the header, collapsed or open as the user left it last (preference HeaderMinimized). */
export function HeaderCard({ title, children }: { title: string; children: ReactNode }) {
  const [minimized, setMinimized] = useHeaderMinimized();
  return (
    <section className="card cp-header" aria-label={title}>
      <div className="cp-header__bar">
        <h2 className="cp-header__title">{title}</h2>
        <button type="button" className="btn btn--small" aria-expanded={!minimized} onClick={() => setMinimized(!minimized)}>
          {minimized ? 'Show header' : 'Hide header'}
        </button>
      </div>
      {!minimized && <div className="cp-header__fields">{children}</div>}
    </section>
  );
}

/** CP-026: the users of the path's brand, the approver lookup's choices (none until the brand is known). */
export function useApprovers(brandId: unknown): readonly Approver[] | undefined {
  const { data } = useSWR<Approver[]>(brandId ? `/api/CriticalPath/GetCriticalPathApprovers?BrandId=${Number(brandId)}` : null, { revalidateOnFocus: false });
  return data;
}

/** The column titles of a grid for this user by field (a field they may not see has none); undefined while its documents load. */
export function useColumnTitles(gridId: string): Readonly<Record<string, string>> | undefined {
  const grid = useGridDocument(gridId);
  const schema = useEntitySchema(grid.data?.entity);
  return useMemo(
    () => (grid.data && schema.data ? Object.fromEntries(gridColumns(grid.data, schema.data).map((c) => [c.field, c.title])) : undefined),
    [grid.data, schema.data],
  );
}

/** A passing word for the user (a refused cell value): shown 4 s. */
export function useTimedNotice(): [string | null, (text: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(t);
  }, [notice]);
  return [notice, setNotice];
}

/** CP-051. */
export const REPORT_FAILED = 'There was an error generating the report. Please contact your system administrator.';

/** A critical path PDF report (CP-050), downloaded under the server's file name; a failure toasts the server's text (CP-051). */
export async function downloadReport(path: string, request: { query?: Record<string, number>; json?: unknown }, fallbackName: string) {
  try {
    const { res, body } = await apiRequest(path, { ...request, binary: true });
    saveFile(body as Blob, /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName);
  } catch (e) {
    const message = e instanceof ApiError ? (e.body as { Message?: string } | null)?.Message : undefined;
    toast.error(message ?? REPORT_FAILED);
  }
}

/** The PDF report of a path (GET /api/Report/…). */
export function ReportButton({ kind, idParam, id }: { kind: 'DevPattern' | 'DevPrototype' | 'Commercialization'; idParam: string; id: number }) {
  return (
    <button
      type="button"
      className="btn"
      onClick={() => void downloadReport(`/api/Report/CriticalPath${kind}Report`, { query: { [idParam]: id } }, `CriticalPath${kind}-${id}.pdf`)}
    >
      Report (PDF)
    </button>
  );
}

export interface SaveFailure {
  text: string;
  errors: { Field: string; Message: string }[];
}

/** A refused save as the screen shows it: 400 CP-023, 404 CP-046, 409 who changed it, anything else CP-047. Null: the app handles it (403). */
export function saveFailure(e: unknown): SaveFailure | null {
  if (!(e instanceof ApiError)) return { text: SAVE_ERROR, errors: [] };
  const body = e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null;
  if (e.status === 403) return null;
  if (e.status === 400) return { text: REVIEW_RED, errors: body?.Errors ?? [] };
  if (e.status === 404) return { text: NOT_EXISTS, errors: [] };
  if (e.status === 409)
    return {
      text: body?.Message ?? 'This record was changed by another user after you opened it. Reload it to see the changes; nothing was saved.',
      errors: [],
    };
  return { text: SAVE_ERROR, errors: [] };
}

/**
 * The header form's committed values: SchemaForm's fields commit on blur, so the focused one (a save
 * by Ctrl+S) is blurred first and its change lands before the ref is read.
 */
export async function committedForm(ref: { current: Record<string, unknown> }): Promise<Record<string, unknown>> {
  (document.activeElement as HTMLElement | null)?.blur?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return ref.current;
}

/** DECISIONS CP-029 (CP-028: the server's can-be-cancelled check): cancel is offered in status 1 when no process is complete. */
const CANNOT_CANCEL = 'Only an active critical path without a completed process can be canceled.';
const CANCELED = 3;

/** The header status field's error when the user picked Canceled and the path cannot be canceled (the server refuses it too). */
export const cancelCheck = (stored: unknown, next: unknown, canBeCancelled: boolean) =>
  Number(next) === CANCELED && Number(stored) !== CANCELED && !canBeCancelled ? CANNOT_CANCEL : null;

/** The header marks (field → message) as SchemaForm's field errors, kept stable while the marks are. */
export function useHeaderErrors(marks: Record<string, string>): Record<string, readonly string[]> {
  return useMemo(() => Object.fromEntries(Object.entries(marks).map(([f, m]) => [f, [m]])), [marks]);
}

/** A labelled text input (the name of a dev pattern path to create). */
export function TextField({
  label,
  value,
  onChange,
  readOnly,
  required,
  error,
  wide,
}: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  readOnly?: boolean;
  required?: boolean;
  error?: string;
  wide?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the label holds its control, the textarea or the input chosen below
    <label className={`field cp-field${wide ? ' cp-field--wide' : ''}${error ? ' field--error' : ''}`}>
      <span className="field__label">
        {label}
        {required ? ' *' : ''}
      </span>
      {wide ? (
        <textarea
          className="input"
          rows={3}
          value={String(value ?? '')}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
        />
      ) : (
        <input className="input" value={String(value ?? '')} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} />
      )}
      {error && <span className="field__error">{error}</span>}
    </label>
  );
}

/** CP-038: the stamp of an approval made now, the signed-in user and today in the business time zone (DECISIONS "Dates"). */
export function useApprovalStamp(): () => { userId: number; name: string; today: string } {
  const session = useSessionStore((s) => s.session);
  return () => ({ userId: Number(session?.userId ?? 0), name: `${session?.firstName ?? ''} ${session?.lastName ?? ''}`.trim(), today: todayIso() });
}
