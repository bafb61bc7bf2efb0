/**
 * The Handsontable part of an OwnedGrid (OwnedGrid.tsx), once its columns are known: shows the rows
 * the screen gives and hands every change back to it (typing, Delete, the fill handle, Ctrl+D, an
 * Excel paste, Add row, Remove row, a move), keeps the undo history (Ctrl+Z, Ctrl+Y), marks the cells
 * it refused red with their message, selects the cell a screen or a change asks for, and opens a row
 * (onOpen: Enter or a double-click on a read-only cell).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import type { GridRecord } from './change-batch';
import type { GridColumn } from './columns';
import { previewRow } from './grid-previews';
import { todayIso } from '../../format/business-date';
import { labelCellEditor } from './hot-a11y';
import { useCellRefusals } from './cell-refusals';
import { hotColumn } from './hot-cells';
import { fittedWidths, headerMeasure } from './header-width';
import { HOT_BASE, selectedRowIndexes, useTsvPaste } from './hot-setup';
import { skippedText } from './grid-cells';
import { OWN_SOURCES, useListGridData } from './list-grid';
import type { OwnedGridProps } from './owned-grid-props';
import { OwnedGridToolbar } from './OwnedGridToolbar';
import {
  applyChange,
  cellValue,
  emptyHistory,
  fillDown,
  moveChange,
  optionLabel,
  pasteRows,
  readCells,
  remember,
  step,
  writeCells,
  type CellAccess,
  type RowKey,
  type Written,
} from './owned-rows';

/** Rows' rules the grid previews as typed (volume totals; the screen's server decides). */
const derive = (before: object, changes: Record<string, unknown>) => previewRow(before as GridRecord, changes, todayIso());
const stop = (e: Event) => {
  e.preventDefault();
  e.stopImmediatePropagation();
};

/** A grid the screen names is a region with that name (an aria-label on a plain box names nothing). */
const regionOf = (label: string | undefined) => (label ? { role: 'region', 'aria-label': label } : {});

type Pending = { key: RowKey; field?: string } | { range: [number, number, number, number] };

/** The Handsontable part of an OwnedGrid, once its columns are known. */
export function OwnedTable<R extends object>(p: Omit<OwnedGridProps<R>, 'columns' | 'gridId' | 'titles'> & { columns: readonly GridColumn[] }) {
  const { columns, rows, reorder, frozen = 0, height } = p;
  const ref = useRef<HotTableRef>(null);
  const editable = !!p.onChange && !p.readOnly;
  const canMove = editable && !!reorder;
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r, i])), [rows]);
  const keyOf = useCallback((r: R): RowKey => (p.rowKey ? p.rowKey(r) : (indexOf.get(r) ?? -1)), [p.rowKey, indexOf]);
  const latest = useRef({ ...p, keyOf, editable });
  latest.current = { ...p, keyOf, editable };
  const history = useRef(emptyHistory<R>());
  const refused = useRef(new Map<RowKey, Map<string, string>>());
  const pending = useRef<Pending | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const table = useRef<HTMLDivElement>(null);
  // A numeric cell says what it takes when it drops a typed character (issue 27).
  useCellRefusals(table, setStatus);

  const optionsOf = useCallback((row: R, field: string) => {
    const o = latest.current.options?.[field];
    return typeof o === 'function' ? o(row) : o;
  }, []);
  const access = useCallback((): CellAccess<R> => {
    const l = latest.current;
    return {
      columns,
      keyOf: l.keyOf,
      derive,
      newRow: l.newRow,
      value: (row, col, text) => (l.parse ? l.parse(col, text) : cellValue(col, text, optionsOf(row, col.field))),
      editable: (row, col) => l.editable && !col.readOnly && !l.cellReadOnly?.(row, col.field),
      why: (row, col) => {
        const why = col.readOnly ? undefined : l.cellReadOnly?.(row, col.field);
        return typeof why === 'string' ? why : undefined;
      },
    };
  }, [columns, optionsOf]);

  /** Hands a change to the screen (and to undo), with the cells it refused marked; `focus`: what to select once shown. */
  const commit = useCallback(
    (w: Pick<Written<R>, 'rows' | 'change'> & Partial<Written<R>>, focus?: Pending, record = true) => {
      const l = latest.current;
      // A cell read or written again loses its old refusal.
      for (const e of [...(w.read ?? []), ...(w.change?.kind === 'edit' ? w.change.cells : [])]) refused.current.get(e.key)?.delete(e.field);
      const marks = [...(w.refused ?? [])];
      for (const [key, m] of marks) refused.current.set(key, new Map([...(refused.current.get(key) ?? []), ...m]));
      const first = marks[0] && [...marks[0][1]][0];
      const title = first && columns.find((c) => c.field === first[0])?.title;
      // What a paste skipped is said with it (issue 27: '3 cells skipped: read only in this row.').
      setStatus([first ? `${title ?? first[0]}: ${first[1]}` : '', skippedText(w.skipped ?? new Map()) ?? ''].filter(Boolean).join(' ') || null);
      if (focus) pending.current = focus;
      if (w.change) {
        if (record) history.current = remember(history.current, w.change);
        l.onChange?.(w.rows, w.change);
      }
      ref.current?.hotInstance?.render();
    },
    [columns],
  );

  const undoRedo = (dir: 'undo' | 'redo') => {
    const l = latest.current;
    const byKey = new Map(l.rows.map((r) => [l.keyOf(r), r]));
    // Cells locked since (a saved row) stay as they are.
    const s = step(history.current, l.rows, l.keyOf, dir, (e) => byKey.has(e.key) && !l.cellReadOnly?.(byKey.get(e.key)!, e.field));
    if (!s) return;
    history.current = s.history;
    commit(s, undefined, false);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: new options give the listed cells other labels (optionsOf reads them through a ref)
  const data = useMemo(
    () =>
      rows.map((r) =>
        columns.map((c) => {
          const row = r as Record<string, unknown>;
          // A reference shows its name (a user's, a factory's) when the row carries it: names, never ids.
          const v = !c.listed && c.nameField && c.nameField in row ? row[c.nameField] : row[c.field];
          return c.listed ? optionLabel(optionsOf(r, c.field), v) : (v ?? null);
        }),
      ),
    [rows, columns, optionsOf, p.options],
  );

  // What the renderers and editors read of the rows shown (the columns are not rebuilt per render).
  const hotColumns = useMemo(() => {
    const rowAt = (row: number) => latest.current.rows[row] as R | undefined;
    const keyAt = (row: number) => {
      const r = rowAt(row);
      return r === undefined ? undefined : latest.current.keyOf(r);
    };
    const errorAt = (row: number, field: string) => {
      const k = keyAt(row);
      return k === undefined ? undefined : (latest.current.errors?.get(k)?.get(field) ?? refused.current.get(k)?.get(field));
    };
    // A cell its row locks with a reason looks locked and says why (unless the screen titles it).
    const decorateAt = (row: number, field: string) => {
      const r = rowAt(row);
      const d = r && latest.current.decorate?.(r, field, row);
      const why = r && latest.current.cellReadOnly?.(r, field);
      return typeof why === 'string' ? { ...d, className: [d?.className, 'cell--locked'].filter(Boolean).join(' '), title: d?.title ?? why } : d;
    };
    const choices = async (row: number, col: GridColumn) => {
      const r = rowAt(row);
      return r ? (optionsOf(r, col.field) ?? []).map((o) => o.label) : [];
    };
    return columns.map((c, i) => ({ ...hotColumn(c, editable, errorAt, choices, decorateAt), data: i }));
  }, [columns, editable, optionsOf]);
  const widths = useMemo(() => fittedWidths(columns, headerMeasure(), false), [columns]);
  const headers = useMemo(() => columns.map((c) => c.title), [columns]);
  const cells = useCallback(
    (row: number, col: number) => {
      const l = latest.current;
      const r = l.rows[row];
      const c = columns[col];
      return r && c && l.cellReadOnly?.(r, c.field) ? { readOnly: true } : {};
    },
    [columns],
  );

  // The rows shown (updated in place: the selection stays), then the cell asked for once its row is there.
  useListGridData(ref, data, [p.errors, p.decorate], p.hotRef);
  const focused = useRef<OwnedGridProps<R>['focus']>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new data may bring the row a pending focus waits for
  useEffect(() => {
    const hot = ref.current?.hotInstance;
    if (p.focus && p.focus !== focused.current) pending.current = p.focus;
    focused.current = p.focus;
    const want = pending.current;
    const l = latest.current;
    if (!hot || !want) return;
    const row = 'range' in want ? want.range[0] : l.rows.findIndex((r) => l.keyOf(r) === want.key);
    const col =
      'range' in want ? 0 : Math.max(0, want.field ? columns.findIndex((c) => c.field === want.field) : (hot.getSelectedRangeLast()?.highlight.col ?? 0));
    if (row < 0) return;
    pending.current = null;
    const at: [number, number, number, number] = 'range' in want ? want.range : [row, col, row, col];
    const select = () => {
      // A button had the focus: the new row takes the keyboard.
      const active = document.activeElement as HTMLElement | null;
      if (active && !hot.rootElement.contains(active)) active.blur();
      hot.selectCell(...at);
      hot.listen();
    };
    // From the grid's own keys at once; from a button once its click is over: Handsontable handles that click after us and
    // would take the keys away again (the grid can keep the focus through a button's click, issue 27).
    const click = window.event instanceof MouseEvent && !hot.rootElement.contains(window.event.target as Node);
    if (hot.rootElement.contains(document.activeElement) && !click) select();
    else setTimeout(select);
  }, [data, columns, p.focus]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again once new data holds the row
  useEffect(() => {
    if (p.scrollToRow !== undefined && p.scrollToRow >= 0)
      ref.current?.hotInstance?.scrollViewportTo({ row: Math.max(0, p.scrollToRow - 4), verticalSnap: 'top' });
  }, [p.scrollToRow, data]);

  const selectedRows = () => selectedRowIndexes(ref.current?.hotInstance).filter((r) => r < latest.current.rows.length);
  const currentField = () => columns[ref.current?.hotInstance?.getSelectedRangeLast()?.highlight.col ?? -1]?.field;
  const isReadOnly = (row: number, col: number) => {
    const hot = ref.current?.hotInstance;
    return !!hot && row >= 0 && col >= 0 && !!hot.getCellMeta(row, col).readOnly;
  };

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
    const go = () => commit({ rows: left, change }, next ? { key: l.keyOf(next), field: currentField() } : undefined);
    if (l.confirmRemove)
      l.confirmRemove(
        change.rows.map((x) => x.row),
        go,
      );
    else go();
  };
  // A drag (to a start index) or Alt+Up/Down and Move up/down (the selected rows by one).
  const move = (moved: number[], to: number) => {
    const l = latest.current;
    const change = moved.length ? moveChange(l.rows, l.keyOf, moved, to) : null;
    if (change) commit({ rows: applyChange(l.rows, l.keyOf, change), change }, { key: l.keyOf(l.rows[moved[0]]), field: currentField() });
  };
  const moveBy = (by: -1 | 1) => {
    const picked = selectedRows();
    if (picked[0] + by >= 0 && picked[picked.length - 1] + by < latest.current.rows.length) move(picked, picked[0] + by);
  };

  // Typing, the fill handle, Delete and checkbox clicks: the grid's own write is cancelled and the change goes to the screen.
  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    const l = latest.current;
    const { writes, ...read } = readCells(
      l.rows,
      changes.flatMap((ch) => (ch ? [{ index: ch[0], col: Number(ch[1]), text: ch[3] }] : [])),
      access(),
    );
    commit({ ...writeCells(l.rows, l.keyOf, writes, derive), ...read });
    return false;
  };

  const beforeKeyDown = (e: KeyboardEvent) => {
    const hot = ref.current?.hotInstance;
    const l = latest.current;
    if (!hot || hot.getActiveEditor()?.isOpened()) return;
    const range = hot.getSelectedRangeLast();
    const at = range?.highlight.row ?? -1;
    const row = at >= 0 ? l.rows[at] : undefined;
    if (l.onKey?.(e, row)) {
      stop(e);
      return;
    }
    // Enter on a read-only cell opens the row (onOpen); on an editable one it edits, as always.
    const plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
    if (l.onOpen && row && e.key === 'Enter' && plain && isReadOnly(at, range?.highlight.col ?? -1)) {
      stop(e);
      l.onOpen(row);
      return;
    }
    if (!l.editable) return;
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    const key = e.key.toLowerCase();
    if (mod && key === 'z' && !e.shiftKey) {
      stop(e);
      undoRedo('undo');
    } else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) {
      stop(e);
      undoRedo('redo');
    } else if (mod && key === 'd' && !e.shiftKey && range) {
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

  // Paste from Excel: one change (rows past the last added when the screen makes new rows), the pasted area selected.
  useTsvPaste(ref, (table, top, bottom) => {
    const l = latest.current;
    if (!l.editable || !table.length) return;
    const w = pasteRows(l.rows, table, top, bottom, access());
    const single = table.length === 1 && table[0].length === 1;
    const last = single
      ? bottom
      : { row: top.row + table.length - 1, col: Math.min(columns.length - 1, top.col + Math.max(...table.map((r) => r.length)) - 1) };
    commit(w, { range: [top.row, top.col, Math.min(last.row, w.rows.length - 1), last.col] });
  });

  // A double-click on a read-only cell opens its row (onOpen).
  const afterOnCellMouseDown = (e: MouseEvent, coords: { row: number; col: number }) => {
    const r = coords.row >= 0 ? latest.current.rows[coords.row] : undefined;
    if (r && e.detail === 2 && e.button === 0 && latest.current.onOpen && isReadOnly(coords.row, coords.col)) latest.current.onOpen(r);
  };

  const afterSelectionEnd = () => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    const picked = selectedRows();
    setSelected(picked);
    const at = hot?.getSelectedRangeLast()?.highlight.row ?? -1;
    const r = at >= 0 ? latest.current.rows[at] : undefined;
    latest.current.onSelect?.(r ?? null, r ? at : null);
  };
  const beforeRowMove = (moved: number[], finalIndex: number) => {
    move(moved, finalIndex);
    return false;
  };

  const buttons = editable && (p.newRow || p.canRemove || canMove);
  const removable = selected.some((i) => rows[i] && p.canRemove?.(rows[i]));
  return (
    <div className={`owned-grid${p.className ? ` ${p.className}` : ''}`}>
      {(buttons || p.toolbar || status) && (
        <OwnedGridToolbar
          onAdd={editable && p.newRow ? add : undefined}
          onRemove={editable && p.canRemove ? remove : undefined}
          removable={removable}
          onMove={canMove ? moveBy : undefined}
          selected={selected}
          rowCount={rows.length}
          status={status}
        >
          {p.toolbar}
        </OwnedGridToolbar>
      )}
      <div
        ref={table}
        className={`data-grid__table${editable ? ' data-grid__table--editable' : ''}`}
        style={{ height }}
        data-testid={p.testId}
        {...regionOf(p.label)}
      >
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
          viewportColumnRenderingOffset={20}
          manualRowMove={canMove}
          fillHandle={editable ? { direction: 'vertical', autoInsertRow: false } : false}
          undo={false}
          copyPaste={{ pasteMode: 'overwrite' }}
          outsideClickDeselects={!editable}
          cells={p.cellReadOnly ? (cells as never) : undefined}
          beforeChange={beforeChange as never}
          beforeKeyDown={beforeKeyDown as never}
          beforeRowMove={beforeRowMove as never}
          afterSelectionEnd={afterSelectionEnd as never}
          afterOnCellMouseDown={afterOnCellMouseDown as never}
          afterInit={labelCellEditor as never}
          afterBeginEditing={labelCellEditor as never}
        />
      </div>
    </div>
  );
}
