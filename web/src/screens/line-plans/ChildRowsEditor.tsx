/**
 * One child set of a line plan (the seasonal planning phase, one sub-season's calendar, the launch
 * dates) on OwnedGrid (ADR 029): columns, titles, kinds and locks from its grid document
 * (`line-plan-planning`, `line-plan-calendar`, `line-plan-launch-dates`) and entity; typing, Excel
 * paste, fill, Add row, Remove row and undo come with the grid. The set is saved once with IsDelete
 * flags for removed rows (LP-023), in turn with the screen's other saves of the line plan (ADR 045),
 * by the Save button or Ctrl+S in the section. The server checks every rule (LP-020 dates, LP-021
 * duration, LP-022 sort); its refusal shows as 'Errors found.' with the 'Details Tab > ...' lines for
 * 10 s (LP-026) and the cells it names red. Cells typed and not saved carry the grids' amber.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type Handsontable from 'handsontable/base';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { gridColumns } from '../../components/data-grid/columns';
import { fieldPathErrors, type RowErrors } from '../../components/data-grid/owned-rows';
import type { OwnedGridProps } from '../../components/data-grid/owned-grid-props';
import { useEntitySchema, useGridDocument } from '../../components/fields/schema-docs';
import { savePanelInTurn, useRecordSaves } from '../../components/record/record-saves';
import { END_BEFORE_START, endBeforeStart } from '@domain/line-plan-dates';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { afterSave, fromGrid, gridRows, isUnsaved, saveItems, type Draft, type GridRow } from './child-rows';
import { nextKey, useFreshRows } from './use-fresh-rows';
import { saveChildRows, type ChildSetDef, type Row } from './line-plan-api';
import { countOf } from '../../format/count';

export interface ChildRowsEditorProps {
  set: ChildSetDef;
  linePlanId: number;
  rowVersion: number;
  title: string;
  readOnly: boolean;
  /** The rows of this editor among the set's rows (one sub-season's calendar). */
  filter?: (row: Row) => boolean;
  /** Values of a new row (e.g. its SubSeasonId). */
  newRow?: Row;
  /** Pick-list columns' choices (the calendar's groups, by name). */
  options?: OwnedGridProps<GridRow>['options'];
  /** After a save, with the line plan's next RowVersion. */
  onSaved: (rowVersion: number) => void;
  testId: string;
}

export const ERRORS_TOAST_MS = 10_000;
const NO_ERRORS: RowErrors = new Map();

export function ChildRowsEditor({ set, linePlanId, rowVersion, title, readOnly, filter, newRow, options, onSaved, testId }: ChildRowsEditorProps) {
  const { data: grid } = useGridDocument(set.grid);
  const { data: schema } = useEntitySchema(grid?.entity);
  const { rows, stored, drafts, latest, update, reread } = useFreshRows(set, linePlanId, filter);
  const [errors, setErrors] = useState<string[]>([]);
  const [cellErrors, setCellErrors] = useState<RowErrors>(NO_ERRORS);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const hot = useRef<Handsontable | null>(null);
  const section = useRef<HTMLElement>(null);
  const saves = useRecordSaves();

  // The fields a save sends: the grid's columns this user may edit (computed ones, such as the duration, are the server's).
  const editable = useMemo(() => (grid && schema ? gridColumns(grid, schema).filter((c) => !c.readOnly) : []).map((c) => c.field), [grid, schema]);
  const shown = useMemo(() => gridRows(drafts), [drafts]);
  const removed = drafts.filter((d) => d.deleted).length;
  const changed = drafts.some((d) => d.dirty || d.deleted);
  // SHELL-021: leaving the screen with this section's edits unsaved asks first.
  useUnsavedChanges(!readOnly && changed && !busy, `line-plan:${linePlanId}:${testId}`);

  const save = async () => {
    if (readOnly || saving.current || !editable.length) return;
    // A cell still being edited is committed first (its edit reaches the drafts at once).
    if (hot.current?.getActiveEditor()?.isOpened()) hot.current.getActiveEditor()?.finishEditing();
    const now = latest.current;
    const sending = now.filter((d) => d.dirty || d.deleted);
    if (!sending.length) return;
    const items = saveItems(now, set.key, editable, newRow);
    const sent = new Set(now);
    saving.current = true;
    setBusy(true);
    // After the screen's earlier saves of the line plan answered (another section's), at the version they gave.
    const answer = await savePanelInTurn(saves, (v) => saveChildRows(set, linePlanId, v, items), rowVersion).finally(() => {
      saving.current = false;
      setBusy(false);
    });
    if (answer.ok) {
      setErrors([]);
      setCellErrors(NO_ERRORS);
      setConflict(null);
      onSaved(answer.RowVersion);
      toast.success('Record Saved Successfully.');
      // This section's rows as saved (numbered, durations computed); an edit typed while it saved stays.
      const fresh = await reread();
      update((ds) => afterSave(ds, sent, fresh, set.key, nextKey));
      return;
    }
    if (answer.conflict) {
      setConflict(answer.Message);
      return;
    }
    const lines = answer.Errors.map((e) => e.Message);
    setErrors(lines.length ? lines : [answer.Message]);
    setCellErrors(fieldPathErrors(sending, (d: Draft) => d.k, answer.Errors));
    toast.error([answer.Message, ...lines].join('\n'), ERRORS_TOAST_MS);
  };
  useSaveShortcut(
    () => void save(),
    !readOnly,
    () => section.current,
  );

  const byK = useMemo(() => new Map(drafts.map((d) => [d.k, d])), [drafts]);
  const decorate = useCallback(
    (r: GridRow, field: string) => {
      const d = byK.get(r.k);
      const key = d?.row[set.key];
      const unsaved = editable.includes(field) && isUnsaved(d, field, key ? stored.get(key) : undefined);
      // LP-020 shown as it is typed, by the server's own rule (the save is refused all the same).
      const early = field === 'EndDate' && endBeforeStart(r.StartDate, r.EndDate);
      if (!unsaved && !early) return undefined;
      return { className: [unsaved && 'cell--unsaved', early && 'cell--error'].filter(Boolean).join(' '), ...(early ? { title: END_BEFORE_START } : {}) };
    },
    [byK, stored, editable, set.key],
  );

  return (
    <section ref={section} className="card line-plan-rows" data-testid={testId} aria-label={title}>
      <div className="toolbar">
        <h3 className="card__title">{title}</h3>
        <span className="spacer" />
        {removed > 0 && (
          <span className="muted" role="status">
            {countOf(removed, 'row')} removed: saved with the section.
          </span>
        )}
        {!readOnly && (
          <button type="button" className="btn btn--small btn--primary" disabled={!changed || busy} aria-busy={busy || undefined} onClick={() => void save()}>
            {busy ? 'Saving…' : `Save ${title}`}
          </button>
        )}
      </div>
      {conflict && (
        <div className="alert alert--warning" role="alert">
          {conflict}
        </div>
      )}
      {errors.length > 0 && (
        <div className="alert alert--error" role="alert">
          <strong>Errors found.</strong>
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {!rows ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : (
        <OwnedGrid<GridRow>
          gridId={set.grid}
          rows={shown}
          rowKey={(r) => r.k}
          onChange={readOnly ? undefined : (next) => update((ds) => fromGrid(ds, next, set.key))}
          readOnly={readOnly}
          newRow={() => ({ ...newRow, k: nextKey() })}
          canRemove={() => true}
          options={options}
          errors={cellErrors}
          decorate={decorate}
          height={Math.min(Math.max(shown.length, 2) * 30 + 44, 480)}
          stretch="last"
          testId={`${testId}-grid`}
          label={title}
          hotRef={hot}
        />
      )}
    </section>
  );
}
