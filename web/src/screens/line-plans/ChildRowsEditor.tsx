/**
 * A row editor of one child set of a line plan (planning phases, one sub-season calendar, launch
 * dates): edit cells, add and delete rows, save the list once with IsDelete flags (LP-023). The
 * server checks every rule (LP-020 dates, LP-021 duration, LP-022 sort); its refusal shows as
 * 'Errors found.' with the 'Details Tab > ...' lines for 10 s (LP-026).
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { afterSave, digitsOnly, saveItems, withFreshRows, withoutRow, type Draft } from './child-rows';
import { savePanelInTurn, useRecordSaves } from '../../components/record/record-saves';
import { childKey, saveChildRows, type ChildSetDef, type Row } from './line-plan-api';

export interface EditorColumn {
  field: string;
  title: string;
  kind: 'text' | 'date' | 'int' | 'computed';
  width?: number;
}

export interface ChildRowsEditorProps {
  set: ChildSetDef;
  linePlanId: number;
  rowVersion: number;
  columns: readonly EditorColumn[];
  title: string;
  readOnly: boolean;
  /** The rows of this editor among the set's rows (one sub-season's calendar). */
  filter?: (row: Row) => boolean;
  /** Values of a new row (e.g. its SubSeasonId). */
  newRow?: Row;
  /** After a save, with the line plan's next RowVersion. */
  onSaved: (rowVersion: number) => void;
  testId: string;
}

export const ERRORS_TOAST_MS = 10_000;
let nextK = 1;

export function ChildRowsEditor({ set, linePlanId, rowVersion, columns, title, readOnly, filter, newRow, onSaved, testId }: ChildRowsEditorProps) {
  const { data, mutate } = useSWR<Row[]>(childKey(set, linePlanId));
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 27: a number cell refuses letters visibly, saying what it takes, instead of dropping them in silence.
  const [refused, setRefused] = useState<{ k: number; field: string; text: string } | null>(null);
  const refusedId = `${testId}-refused`;
  const saves = useRecordSaves();

  const mine = (rows: Row[] | undefined) => (rows ?? []).filter((r) => !filter || filter(r));
  // Rows read again (another sub-season's calendar saved: they share one read) keep what the user changed here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drafts follow the rows read; filter is the screen's inline function, new each render
  useEffect(() => {
    setDrafts((ds) => withFreshRows(ds, mine(data), set.key, () => nextK++));
  }, [data]);

  const edit = (k: number, field: string, value: unknown) =>
    setDrafts((ds) => ds.map((d) => (d.k === k ? { ...d, dirty: true, row: { ...d.row, [field]: value } } : d)));
  const add = () => setDrafts((ds) => [...ds, { k: nextK++, row: { ...newRow }, dirty: true, deleted: false }]);
  const remove = (k: number) => setDrafts((ds) => withoutRow(ds, k, set.key));
  const changed = drafts.some((d) => d.dirty || d.deleted);
  // SHELL-021: leaving the screen with this section's edits unsaved asks first.
  useUnsavedChanges(!readOnly && changed && !busy, `line-plan:${linePlanId}:${testId}`);

  const save = async () => {
    const items = saveItems(
      drafts,
      set.key,
      columns.filter((c) => c.kind !== 'computed').map((c) => c.field),
      newRow,
    );
    const sent = new Set(drafts);
    setBusy(true);
    // After the screen's earlier saves of the line plan answered (another section's), at the version they gave.
    const refusal = await savePanelInTurn(saves, (v) => saveChildRows(set, linePlanId, v, items), rowVersion).finally(() => setBusy(false));
    if (refusal.ok) {
      setErrors([]);
      setConflict(null);
      onSaved(refusal.RowVersion);
      toast.success('Record Saved Successfully.');
      // This section's rows as saved (numbered, durations computed); an edit typed while it saved stays.
      const rows = mine(await mutate());
      setDrafts((ds) => afterSave(ds, sent, rows, set.key, () => nextK++));
      return;
    }
    if (refusal.conflict) {
      setConflict(refusal.Message);
      return;
    }
    const lines = refusal.Errors.map((e) => e.Message);
    setErrors(lines.length ? lines : [refusal.Message]);
    toast.error([refusal.Message, ...lines].join('\n'), ERRORS_TOAST_MS);
  };

  const input = (d: Draft, c: EditorColumn) => {
    const v = d.row[c.field];
    const label = `${title} ${c.title} row ${drafts.indexOf(d) + 1}`;
    if (c.kind === 'computed') return <span className="num">{v === null || v === undefined ? '' : String(v)}</span>;
    const common = { 'aria-label': label, disabled: readOnly || d.deleted };
    if (c.kind === 'date') {
      // LP-020 shown early: an end before the start (ISO dates compare as text); the server decides.
      const early = c.field === 'EndDate' && !!v && !!d.row.StartDate && String(v) < String(d.row.StartDate);
      return (
        <input
          type="date"
          {...common}
          aria-invalid={early || undefined}
          title={early ? 'End Date must not be before Start Date.' : undefined}
          value={String(v ?? '')}
          onChange={(e) => edit(d.k, c.field, e.target.value || null)}
        />
      );
    }
    if (c.kind === 'int') {
      const bad = refused?.k === d.k && refused.field === c.field;
      return (
        <input
          type="text"
          inputMode="numeric"
          {...common}
          value={v === null || v === undefined ? '' : String(v)}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? refusedId : undefined}
          title={bad ? refused.text : undefined}
          onChange={(e) => {
            if (!/^\d*$/.test(e.target.value)) {
              setRefused({ k: d.k, field: c.field, text: digitsOnly(c.title) });
              return;
            }
            setRefused(null);
            edit(d.k, c.field, e.target.value === '' ? null : Number(e.target.value));
          }}
        />
      );
    }
    return <input type="text" {...common} value={String(v ?? '')} onChange={(e) => edit(d.k, c.field, e.target.value)} />;
  };

  return (
    <section className="card line-plan-rows" data-testid={testId}>
      <div className="toolbar">
        <h3 className="card__title">{title}</h3>
        <span className="spacer" />
        {!readOnly && (
          <button type="button" className="btn btn--small" disabled={!data} onClick={add}>
            Add row
          </button>
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
      {refused && (
        <p id={refusedId} className="form-error" role="alert">
          {refused.text}
        </p>
      )}
      {!data ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : (
        <div className="table-scroll">
          <table className="table table--dense">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.field} style={c.width ? { width: c.width } : undefined}>
                    {c.title}
                  </th>
                ))}
                {!readOnly && <th aria-label="Delete" />}
              </tr>
            </thead>
            <tbody>
              {drafts.length === 0 && (
                <tr>
                  <td colSpan={columns.length + 1} className="muted">
                    No rows.
                  </td>
                </tr>
              )}
              {drafts.map((d) => (
                <tr key={d.k} className={d.deleted ? 'line-plan-rows__deleted' : undefined} data-unsaved={d.dirty || undefined}>
                  {columns.map((c) => (
                    <td key={c.field}>{input(d, c)}</td>
                  ))}
                  {!readOnly && (
                    <td>
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        aria-label={`Delete ${title} row ${drafts.indexOf(d) + 1}`}
                        disabled={d.deleted}
                        onClick={() => remove(d.k)}
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
