/**
 * The Handsontable part of an OwnedGrid (ADR 029): shows the screen's rows in the grid's columns
 * with DataGrid's cell kinds, editors and renderers (hot-cells.ts) and turns every edit, fill, paste
 * (our TSV parser), Ctrl+D, undo/redo, row add, remove and move into ONE RowsChange handed to the
 * screen. The grid never changes its data itself: it shows the rows it is given (controlled), so a
 * change the screen refuses simply does not appear. Text a cell refuses is marked red with its
 * message (with the screen's own errors) and not written.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import type { ReferenceOption } from '../schema-form/reference';
import type { GridRecord } from './change-batch';
import type { GridColumn } from './columns';
import { localToday, previewRow } from './grid-previews';
import { labelCellEditor } from './hot-a11y';
import { hotColumn, type CellDecoration } from './hot-cells';
import { HOT_BASE } from './hot-setup';
import {
  applyChange, cellValue, emptyHistory, fillDown, moveChange, optionLabel, pasteRows, remember, step, writeCells,
  type CellAccess, type RowErrors, type RowKey, type RowsChange, type Written,
} from './owned-rows';
import { parseTsv } from './tsv';

/** Changes the grid makes itself when it is given the rows. */
const OWN_SOURCES = new Set(['loadData', 'updateData']);
/** Rows' rules the grid previews as typed (volume totals; the screen's server decides). */
const derive = (before: object, changes: Record<string, unknown>) => previewRow(before as GridRecord, changes, localToday());
const stop = (e: Event) => { e.preventDefault(); e.stopImmediatePropagation(); };

export type OptionsSource<R> = readonly ReferenceOption[] | ((row: R) => readonly ReferenceOption[] | undefined);

export interface OwnedTableProps<R extends object> {
  columns: readonly GridColumn[];
  rows: readonly R[];
  /** Each change the user makes; without it (or with `readOnly`) the grid is read only. */
  onChange?: (rows: R[], change: RowsChange<R>) => void;
  rowKey?: (row: R) => RowKey;
  readOnly?: boolean;
  /** A new blank row: the Add row button, and rows pasted past the last one. */
  newRow?: (rows: readonly R[]) => R;
  /** Which rows Remove row may remove (the button shows with it). */
  canRemove?: (row: R) => boolean;
  /** Rows move: dragged by their row header, Alt+Up/Down, Move up/down. */
  reorder?: boolean;
  /** Pick-list columns: the choices of each row (a list, or per row). */
  options?: Readonly<Record<string, OptionsSource<R>>>;
  /** Cells a row's state locks (a saved row, a field its level does not have). */
  cellReadOnly?: (row: R, field: string) => boolean;
  /** The screen's errors per row key and field (a refused save's), shown red with the message. */
  errors?: RowErrors;
  /** The screen's classes, title or shown text of a cell. */
  decorate?: (row: R, field: string, index: number) => CellDecoration | undefined;
  frozen?: number;
  height: number | string;
  testId?: string;
  className?: string;
  label?: string;
  /** The screen's own buttons, after the grid's. */
  toolbar?: ReactNode;
  onSelect?: (row: R | null, index: number | null) => void;
  /** A key on the selected row the screen handles itself (true: handled). */
  onKey?: (e: KeyboardEvent, row: R | undefined) => boolean;
  /** A cell to select once its row is shown (a new row's first cell); a new object selects again. */
  focus?: { key: RowKey; field: string } | null;
  /** A row kept in view, a few rows below the top (a calculator's highlighted row). */
  scrollToRow?: number;
  stretch?: 'all' | 'last';
  hotRef?: RefObject<Handsontable | null>;
}

type Pending = { key: RowKey; field?: string } | { range: [number, number, number, number] };

/** See the module comment. */
export function OwnedTable<R extends object>(p: OwnedTableProps<R>) {
  const { columns, rows, reorder, frozen = 0, height } = p;
  const ref = useRef<HotTableRef>(null);
  const editable = !!p.onChange && !p.readOnly;
  const canMove = editable && !!reorder;
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r, i])), [rows]);
  const keyOf = useCallback((r: R): RowKey => (p.rowKey ? p.rowKey(r) : indexOf.get(r) ?? -1), [p.rowKey, indexOf]); // eslint-disable-line react-hooks/exhaustive-deps
  const latest = useRef({ ...p, keyOf, editable });
  latest.current = { ...p, keyOf, editable };
  const history = useRef(emptyHistory<R>());
  const refused = useRef(new Map<RowKey, Map<string, string>>());
  const pending = useRef<Pending | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [status, setStatus] = useState<string | null>(null);

  const optionsOf = useCallback((row: R, field: string) => {
    const o = latest.current.options?.[field];
    return typeof o === 'function' ? o(row) : o;
  }, []);
  const access = useCallback((): CellAccess<R> => {
    const l = latest.current;
    return {
      columns, keyOf: l.keyOf, options: (row, col) => optionsOf(row, col.field), derive, newRow: l.newRow,
      editable: (row, col) => l.editable && !col.readOnly && !l.cellReadOnly?.(row, col.field),
    };
  }, [columns, optionsOf]);

  /** Hands a change to the screen (and to undo), with the cells it refused marked; `focus`: what to select once shown. */
  const commit = useCallback((w: Pick<Written<R>, 'rows' | 'change'> & { refused?: Written<R>['refused'] }, focus?: Pending, record = true) => {
    const l = latest.current;
    if (w.change?.kind === 'edit') for (const e of w.change.cells) refused.current.get(e.key)?.delete(e.field);
    const marks = [...(w.refused ?? [])];
    for (const [key, m] of marks) refused.current.set(key, new Map([...(refused.current.get(key) ?? []), ...m]));
    const first = marks[0] && [...marks[0][1]][0];
    const title = first && columns.find((c) => c.field === first[0])?.title;
    setStatus(first ? `${title ?? first[0]}: ${first[1]}` : null);
    if (focus) pending.current = focus;
    if (w.change) {
      if (record) history.current = remember(history.current, w.change);
      l.onChange?.(w.rows, w.change);
    }
    ref.current?.hotInstance?.render();
  }, [columns]);

  const undoRedo = useCallback((dir: 'undo' | 'redo') => {
    const l = latest.current;
    const s = step(history.current, l.rows, l.keyOf, dir);
    if (!s) return;
    history.current = s.history;
    let change: RowsChange<R> = s.change;
    // Cells locked since (a saved row) stay as they are.
    if (change.kind === 'edit') {
      const a = access();
      const byKey = new Map(l.rows.map((r) => [l.keyOf(r), r]));
      change = { kind: 'edit', cells: change.cells.filter((e) => { const r = byKey.get(e.key); const c = columns.find((x) => x.field === e.field); return !!r && (!c || a.editable(r, c)); }) };
    }
    commit({ rows: change === s.change ? s.rows : applyChange(l.rows, l.keyOf, change), change }, undefined, false);
  }, [access, columns, commit]);

  const data = useMemo(() => rows.map((r) => columns.map((c) => {
    const v = (r as Record<string, unknown>)[c.field];
    return c.listed ? optionLabel(optionsOf(r, c.field), v) : v ?? null;
  })), [rows, columns, optionsOf, p.options]); // eslint-disable-line react-hooks/exhaustive-deps

  const errorAt = useCallback((row: number, field: string) => {
    const l = latest.current;
    const r = l.rows[row];
    if (!r) return undefined;
    const key = l.keyOf(r);
    return l.errors?.get(key)?.get(field) ?? refused.current.get(key)?.get(field);
  }, []);
  const decorateAt = useCallback((row: number, field: string) => {
    const l = latest.current;
    return l.rows[row] && l.decorate ? l.decorate(l.rows[row], field, row) : undefined;
  }, []);
  const choices = useCallback(async (row: number, col: GridColumn) => {
    const r = latest.current.rows[row];
    return r ? (optionsOf(r, col.field) ?? []).map((o) => o.label) : [];
  }, [optionsOf]);
  const hotColumns = useMemo(() => columns.map((c, i) => ({ ...hotColumn(c, editable, errorAt, choices, decorateAt), data: i })),
    [columns, editable, errorAt, choices, decorateAt]);
  const widths = useMemo(() => columns.map((c) => c.width), [columns]);
  const headers = useMemo(() => columns.map((c) => c.title), [columns]);
  const cells = useCallback((row: number, col: number) => {
    const l = latest.current;
    const r = l.rows[row];
    const c = columns[col];
    return r && c && l.cellReadOnly?.(r, c.field) ? { readOnly: true } : {};
  }, [columns]);

  // The rows shown: loaded once, then updated in place (the selection stays) when they differ from what the grid shows.
  const loaded = useRef(false);
  const focused = useRef<OwnedTableProps<R>['focus']>(null);
  useEffect(() => {
    const hot = ref.current?.hotInstance;
    if (!hot) return;
    if (p.hotRef) p.hotRef.current = hot;
    if (p.focus && p.focus !== focused.current) pending.current = p.focus;
    focused.current = p.focus;
    const text = (d: unknown[][]) => JSON.stringify(d.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v)))));
    if (!loaded.current) hot.loadData(data);
    else if (text(hot.getData() as unknown[][]) !== text(data)) hot.updateData(data);
    else hot.render();
    loaded.current = true;
    labelCellEditor.call(hot);
    const want = pending.current;
    const l = latest.current;
    if (!want) return;
    let at: [number, number, number, number] | null = null;
    if ('range' in want) at = want.range;
    else {
      const row = l.rows.findIndex((r) => l.keyOf(r) === want.key);
      const col = want.field ? columns.findIndex((c) => c.field === want.field) : hot.getSelectedRangeLast()?.highlight.col ?? 0;
      if (row >= 0) at = [row, Math.max(0, col), row, Math.max(0, col)];
    }
    if (!at) return;
    pending.current = null;
    const target = at;
    const select = () => {
      // A button had the focus: the new row takes the keyboard.
      const active = document.activeElement as HTMLElement | null;
      if (active && !hot.rootElement.contains(active)) active.blur();
      hot.selectCell(...target);
      hot.listen();
    };
    // From the grid's own keys at once; from a button once its click is over.
    if (hot.rootElement.contains(document.activeElement)) select();
    else setTimeout(select);
  }, [data, columns, p.hotRef, p.focus]);
  useEffect(() => { ref.current?.hotInstance?.render(); }, [p.errors, p.decorate]);
  useEffect(() => {
    if (p.scrollToRow !== undefined && p.scrollToRow >= 0) ref.current?.hotInstance?.scrollViewportTo({ row: Math.max(0, p.scrollToRow - 4), verticalSnap: 'top' });
  }, [p.scrollToRow, data]);

  /** The selected rows (indexes, ascending). */
  const selectedRows = useCallback(() => {
    const out = new Set<number>();
    for (const [r1, , r2] of ref.current?.hotInstance?.getSelected() ?? []) {
      for (let r = Math.max(0, Math.min(r1, r2)); r <= Math.max(r1, r2); r++) if (r < latest.current.rows.length) out.add(r);
    }
    return [...out].sort((a, b) => a - b);
  }, []);
  const currentField = () => columns[ref.current?.hotInstance?.getSelectedRangeLast()?.highlight.col ?? -1]?.field;

  const add = () => {
    const l = latest.current;
    if (!l.newRow) return;
    const row = l.newRow(l.rows);
    const first = columns.find((c) => !c.readOnly && !l.cellReadOnly?.(row, c.field));
    commit({ rows: [...l.rows, row], change: { kind: 'insert', rows: [{ index: l.rows.length, row }] } }, { key: l.keyOf(row), field: first?.field });
  };
  const remove = () => {
    const l = latest.current;
    const picked = selectedRows().filter((i) => l.canRemove?.(l.rows[i]));
    if (!picked.length) return;
    const left = l.rows.filter((_, i) => !picked.includes(i));
    const next = left[Math.min(picked[0], left.length - 1)];
    const change = { kind: 'remove' as const, rows: picked.map((index) => ({ index, row: l.rows[index] })) };
    commit({ rows: left, change }, next ? { key: l.keyOf(next), field: currentField() } : undefined);
  };
  const move = useCallback((moved: number[], to: number) => {
    const l = latest.current;
    const change = moveChange(l.rows, l.keyOf, moved, to);
    if (!change) return;
    commit({ rows: applyChange(l.rows, l.keyOf, change), change }, { key: l.keyOf(l.rows[moved[0]]), field: currentField() });
  }, [commit]); // eslint-disable-line react-hooks/exhaustive-deps
  const moveBy = (by: -1 | 1) => {
    const picked = selectedRows();
    if (!picked.length || (by < 0 && picked[0] === 0) || (by > 0 && picked[picked.length - 1] >= latest.current.rows.length - 1)) return;
    move(picked, picked[0] + by);
  };

  // Typing, the fill handle, Delete and checkbox clicks: the grid's own write is cancelled and the change goes to the screen.
  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    const l = latest.current;
    const a = access();
    const writes: { index: number; field: string; value: unknown }[] = [];
    const bad = new Map<RowKey, Map<string, string>>();
    for (const ch of changes) {
      const r = ch && l.rows[ch[0]];
      const col = ch && columns[Number(ch[1])];
      if (!ch || !r || !col || !a.editable(r, col)) continue;
      const v = cellValue(col, ch[3], optionsOf(r, col.field));
      if (v.ok) writes.push({ index: ch[0], field: col.field, value: v.value });
      else bad.set(l.keyOf(r), new Map([...(bad.get(l.keyOf(r)) ?? []), [col.field, v.message]]));
    }
    commit({ ...writeCells(l.rows, l.keyOf, writes, derive), refused: bad });
    return false;
  };

  const beforeKeyDown = (e: KeyboardEvent) => {
    const hot = ref.current?.hotInstance;
    const l = latest.current;
    if (!hot || hot.getActiveEditor()?.isOpened()) return;
    const range = hot.getSelectedRangeLast();
    const at = range?.highlight.row ?? -1;
    const row = at >= 0 ? l.rows[at] : undefined;
    if (l.onKey?.(e, row)) { stop(e); return; }
    if (!l.editable) return;
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    const key = e.key.toLowerCase();
    if (mod && key === 'z' && !e.shiftKey) { stop(e); undoRedo('undo'); }
    else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) { stop(e); undoRedo('redo'); }
    else if (mod && key === 'd' && !e.shiftKey && range) {
      // Ctrl+D fills down, as in Excel: the top row of the selection over the rows below it (one change).
      stop(e);
      const tl = range.getTopStartCorner();
      const br = range.getBottomEndCorner();
      commit(fillDown(l.rows, { top: tl.row ?? 0, bottom: br.row ?? 0, left: tl.col ?? 0, right: br.col ?? 0 }, access()));
    } else if (e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown') && canMove) {
      stop(e);
      moveBy(e.key === 'ArrowUp' ? -1 : 1);
    }
  };

  // Paste from Excel: our TSV parser, one change (rows past the last added when the screen makes new rows).
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const hot = ref.current?.hotInstance;
      const l = latest.current;
      if (!hot || !l.editable || !hot.isListening() || hot.getActiveEditor()?.isOpened()) return;
      const range = hot.getSelectedRangeLast();
      const text = e.clipboardData?.getData('text/plain');
      if (!range || text === undefined) return;
      stop(e);
      const table = parseTsv(text);
      if (!table.length) return;
      const tl = range.getTopStartCorner();
      const br = range.getBottomEndCorner();
      const top = { row: Math.max(0, tl.row ?? 0), col: Math.max(0, tl.col ?? 0) };
      const bottom = { row: br.row ?? top.row, col: br.col ?? top.col };
      const w = pasteRows(l.rows, table, top, bottom, access());
      const single = table.length === 1 && table[0].length === 1;
      const last = single ? [bottom.row, bottom.col] : [top.row + table.length - 1, Math.min(columns.length - 1, top.col + Math.max(...table.map((r) => r.length)) - 1)];
      commit(w, { range: [top.row, top.col, Math.min(last[0], w.rows.length - 1), last[1]] });
    };
    window.addEventListener('paste', onPaste, true);
    return () => window.removeEventListener('paste', onPaste, true);
  }, [access, columns, commit]);

  const afterSelectionEnd = () => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    const picked = selectedRows();
    setSelected(picked);
    const at = hot?.getSelectedRangeLast()?.highlight.row ?? -1;
    const r = at >= 0 ? latest.current.rows[at] : undefined;
    latest.current.onSelect?.(r ?? null, r ? at : null);
  };
  const beforeRowMove = (moved: number[], finalIndex: number) => { move(moved, finalIndex); return false; };

  const buttons = editable && (p.newRow || p.canRemove || canMove);
  const removable = selected.some((i) => rows[i] && p.canRemove?.(rows[i]));
  return (
    <div className={`owned-grid${p.className ? ` ${p.className}` : ''}`}>
      {(buttons || p.toolbar || status) && (
        <div className="data-grid__toolbar owned-grid__toolbar">
          {editable && p.newRow && <button type="button" className="btn btn--small" onClick={add}>Add row</button>}
          {editable && p.canRemove && <button type="button" className="btn btn--small" disabled={!removable} onClick={remove}>Remove row</button>}
          {canMove && <button type="button" className="btn btn--small" disabled={!selected.length || selected[0] <= 0} onClick={() => moveBy(-1)}>Move up</button>}
          {canMove && <button type="button" className="btn btn--small" disabled={!selected.length || selected[selected.length - 1] >= rows.length - 1} onClick={() => moveBy(1)}>Move down</button>}
          {status && <span className="data-grid__status data-grid__status--error" role="status">{status}</span>}
          {p.toolbar}
        </div>
      )}
      <div className={`data-grid__table${editable ? ' data-grid__table--editable' : ''}`} style={{ height }} data-testid={p.testId} aria-label={p.label}>
        <HotTable
          ref={ref}
          {...HOT_BASE}
          startRows={0}
          columns={hotColumns}
          colHeaders={headers}
          colWidths={widths}
          manualColumnResize={widths}
          rowHeaders={canMove}
          rowHeaderWidth={44}
          rowHeights={30}
          fixedColumnsStart={frozen}
          stretchH={p.stretch ?? 'none'}
          manualRowMove={canMove}
          fillHandle={editable ? { direction: 'vertical', autoInsertRow: false } : false}
          undo={false}
          copyPaste={{ pasteMode: 'overwrite' }}
          outsideClickDeselects={!editable}
          cells={p.cellReadOnly ? cells as never : undefined}
          beforeChange={beforeChange as never}
          beforeKeyDown={beforeKeyDown as never}
          beforeRowMove={beforeRowMove as never}
          afterSelectionEnd={afterSelectionEnd as never}
          afterInit={labelCellEditor as never}
          afterBeginEditing={labelCellEditor as never}
        />
      </div>
    </div>
  );
}
