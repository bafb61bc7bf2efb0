/**
 * Live rows of a DataGrid (issue 30, ADR 035): the change feed's `records` events for the grid's
 * entity come into the loaded rows as they happen.
 * - A row not being edited takes the new values; its changed cells are highlighted for a few
 *   seconds and say "Changed by … at …" on hover from then on.
 * - A row whose cell is open in the editor, when the change touches that cell, is a conflict: the
 *   editor closes without saving, the row shows their values, the cell is marked, and the bar offers
 *   "Keep mine" (the typed value is saved over theirs, at the new version) or "Take theirs".
 * - While a save of the grid runs, events wait for its answer (the answer moves row versions), then
 *   apply; a version the row already has (its own save) is skipped.
 * The stale-save 409 stays the final guard. Everything hooks onto the Handsontable instance
 * (`afterRenderer`), so GridTable is untouched.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type Handsontable from 'handsontable/base';
import { formatDateTime } from '../../format/date';
import { changesOf, type RecordChange, type RecordsEvent } from '@domain/feed-events';
import { useFeedEvent } from '../../feed/use-feed';
import type { GridRecord } from './change-batch';
import { shownField, type GridColumn } from './columns';

export interface RowConflict {
  key: number;
  field: string;
  title: string;
  label: string;
  mine: unknown;
  theirs: unknown;
  by: string;
  at: string;
}
interface CellMark {
  text: string;
  until: number;
  conflict?: boolean;
}

/** How long a changed cell stays highlighted. */
export const HIGHLIGHT_MS = 3000;
const LIVE_CLASS = 'data-grid__cell--live';
const CONFLICT_CLASS = 'data-grid__cell--conflict';

export const changedByText = (by: string, at: string) => `Changed by ${by} at ${formatDateTime(at)}`;

/** The fields a change shows in: the changed ones and the name fields beside changed references (SeasonId → SeasonName). */
export function shownChanges(change: Pick<RecordChange, 'Changed' | 'Fields'>): string[] {
  const names = change.Changed.map((f) => `${f.replace(/(Id|Key)$/, '')}Name`).filter((n) => n in change.Fields);
  return [...new Set([...change.Changed, ...names])];
}

/**
 * What a change does to a loaded row: 'skip' when the row already has that version (or newer);
 * 'conflict' when it changes the cell being edited (`editing`, a shown field); else 'apply'. Pure.
 */
export function changeOutcome(row: GridRecord, change: Pick<RecordChange, 'Changed' | 'Fields'>, editing: string | null): 'skip' | 'apply' | 'conflict' {
  const theirs = Number(change.Fields.RowVersion);
  if (Number.isFinite(theirs) && theirs <= Number(row.RowVersion)) return 'skip';
  return editing && shownChanges(change).includes(editing) ? 'conflict' : 'apply';
}

/**
 * A partial event's changes (a bulk save: ids, versions and changed fields, no values; ADR 035
 * "Large batches") made whole from the rows read again (`rows`): each takes the row's values of
 * its changed fields, their names, its versions and its stamps, nothing else (the user's unsaved
 * cells elsewhere in the row stay). A record not read back (gone from the user's view) is dropped. Pure.
 */
export function completeChanges(changes: readonly RecordChange[], rows: readonly GridRecord[], keyField: string): RecordChange[] {
  const byKey = new Map(rows.map((r) => [Number(r[keyField]), r]));
  return changes.flatMap((c) => {
    const row = byKey.get(c.Id);
    if (!row) return [];
    const wanted = new Set([...shownChanges({ Changed: c.Changed, Fields: row }), ...Object.keys(c.Fields), 'ChangedOn', 'ChangedBy', 'ChangedByName']);
    return [{ ...c, Fields: Object.fromEntries(Object.entries(row).filter(([f]) => wanted.has(f) || f.endsWith('RowVersion'))) }];
  });
}

export interface LiveRows {
  conflicts: RowConflict[];
  keepMine(c: RowConflict): void;
  takeTheirs(c: RowConflict): void;
}

export function useLiveRows({
  entity,
  keyField,
  records,
  columns,
  hotRef,
  pending,
  enabled,
  readRows,
}: {
  entity: string | undefined;
  keyField: string;
  records: GridRecord[];
  columns: readonly GridColumn[];
  hotRef: RefObject<Handsontable | null>;
  pending: boolean;
  enabled: boolean;
  /** The current rows of some keys (a partial event's records this grid shows). */
  readRows?: (keys: number[]) => Promise<GridRecord[]>;
}): LiveRows {
  const marks = useRef(new Map<string, CellMark>());
  const waiting = useRef<RecordChange[]>([]);
  const [conflicts, setConflicts] = useState<RowConflict[]>([]);
  const index = useMemo(() => new Map(records.map((r, i) => [Number(r[keyField]), i])), [records, keyField]);
  const latest = useRef({ records, index, columns, pending });
  latest.current = { records, index, columns, pending };

  // New records (a page, a filter, a reload) start without marks or conflicts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new set of records
  useEffect(() => {
    marks.current.clear();
    setConflicts([]);
  }, [records]);

  // The marks drawn on the cells, on whichever Handsontable instance the grid has now.
  const attached = useRef<Handsontable | null>(null);
  useEffect(() => {
    const hot = hotRef.current;
    if (!hot || hot.isDestroyed || attached.current === hot) return;
    attached.current = hot;
    hot.addHook('afterRenderer', (td: HTMLTableCellElement, row: number, _col: number, prop: string | number) => {
      const { records: recs } = latest.current;
      const rec = recs[hot.toPhysicalRow(row)];
      const mark = rec && marks.current.get(`${rec[keyField]}|${String(prop)}`);
      td.classList.remove(LIVE_CLASS, CONFLICT_CLASS);
      if (!mark) return;
      if (mark.conflict) td.classList.add(CONFLICT_CLASS);
      else if (mark.until > Date.now()) td.classList.add(LIVE_CLASS);
      td.title = mark.text;
    });
  });

  const render = useCallback(() => {
    const hot = hotRef.current;
    if (!hot || hot.isDestroyed) return;
    hot.render();
    // The highlight fades: drawn again once it is over.
    setTimeout(() => {
      if (!hot.isDestroyed) hot.render();
    }, HIGHLIGHT_MS + 50);
  }, [hotRef]);

  const apply = useCallback(
    (changes: RecordChange[]) => {
      const { records: recs, index: idx, columns: cols } = latest.current;
      const hot = hotRef.current?.isDestroyed ? null : hotRef.current;
      const editor = hot?.getActiveEditor() as (Handsontable.editors.BaseEditor & { isOpened(): boolean; getValue(): unknown }) | undefined;
      const open = editor?.isOpened() ? editor : undefined;
      const found: RowConflict[] = [];
      let touched = false;
      for (const change of changes) {
        const i = idx.get(change.Id);
        if (i === undefined) continue;
        const rec = recs[i];
        const editing = open && hot && open.row !== null && hot.toPhysicalRow(open.row) === i ? String(open.prop) : null;
        const outcome = changeOutcome(rec, change, editing);
        if (outcome === 'skip') continue;
        const text = changedByText(change.ChangedBy, change.ChangedOn);
        if (outcome === 'conflict' && open && editing) {
          const mine = open.getValue();
          open.cancelChanges();
          const col = cols.find((c) => shownField(c) === editing);
          found.push({
            key: change.Id,
            field: col?.field ?? editing,
            title: col?.title ?? editing,
            label: String(rec[shownField(cols[0])] ?? change.Id),
            mine,
            theirs: change.Fields[editing],
            by: change.ChangedBy,
            at: change.ChangedOn,
          });
          marks.current.set(`${change.Id}|${editing}`, { text: `${text}; your value was ${String(mine ?? '')}`, until: 0, conflict: true });
        }
        Object.assign(rec, change.Fields);
        const until = Date.now() + HIGHLIGHT_MS;
        for (const f of shownChanges(change)) if (f !== editing) marks.current.set(`${change.Id}|${f}`, { text, until });
        touched = true;
      }
      if (found.length) setConflicts((cs) => [...cs.filter((c) => !found.some((n) => n.key === c.key && n.field === c.field)), ...found]);
      if (touched) render();
    },
    [hotRef, render],
  );

  const take = useCallback(
    (changes: RecordChange[]) => {
      if (latest.current.pending) waiting.current.push(...changes);
      else apply(changes);
    },
    [apply],
  );
  useFeedEvent('records', (d: RecordsEvent) => {
    if (!enabled || d.Entity !== entity) return;
    if (!d.Partial) {
      take(changesOf(d));
      return;
    }
    // A bulk change without values: the rows of it this grid shows (at an older version) are read again.
    const { records: recs, index: idx } = latest.current;
    const shown = changesOf(d).filter((c) => {
      const i = idx.get(c.Id);
      return i !== undefined && changeOutcome(recs[i], c, null) !== 'skip';
    });
    if (shown.length && readRows)
      void readRows(shown.map((c) => c.Id)).then(
        (rows) => take(completeChanges(shown, rows, keyField)),
        () => {},
      );
  });
  // The events that waited for a save's answer.
  useEffect(() => {
    if (pending || !waiting.current.length) return;
    const changes = waiting.current;
    waiting.current = [];
    apply(changes);
  }, [pending, apply]);

  const resolve = useCallback((c: RowConflict) => {
    marks.current.delete(`${c.key}|${shownFieldOf(latest.current.columns, c.field)}`);
    setConflicts((cs) => cs.filter((x) => x !== c));
  }, []);
  const keepMine = useCallback(
    (c: RowConflict) => {
      resolve(c);
      const hot = hotRef.current;
      const i = latest.current.index.get(c.key);
      // Typed into the cell again: the grid's own save, now at the row's new version, puts it over theirs.
      if (hot && !hot.isDestroyed && i !== undefined) hot.setDataAtRowProp(hot.toVisualRow(i), shownFieldOf(latest.current.columns, c.field), c.mine, 'edit');
    },
    [hotRef, resolve],
  );
  const takeTheirs = useCallback(
    (c: RowConflict) => {
      resolve(c);
      hotRef.current?.render();
    },
    [hotRef, resolve],
  );
  return { conflicts, keepMine, takeTheirs };
}

const shownFieldOf = (columns: readonly GridColumn[], field: string) => {
  const col = columns.find((c) => c.field === field);
  return col ? shownField(col) : field;
};
