/**
 * The Handsontable part of a DataGrid: shows records in the given columns and turns every edit,
 * paste, fill or undo into ONE save call (`onSave`), then shows the answer: saved values and
 * RowVersions, per-cell errors, refused rows kept as the user's unsaved input (grid-editor.ts). Cells
 * are drawn editable or read-only by their column and their row's state (the server's rules,
 * grid-cells.ts): a locked cell looks locked and says why on hover, on selection and when typed into;
 * Ctrl+S sends unsaved rows again, Esc puts them back. Key columns frozen on the left, full header
 * and cell text as hover titles, user-resizable columns, and a word when someone types or pastes
 * into a read-only grid. No data loading here, so benches and other screens can feed it records directly.
 */
import { memo, useCallback, useEffect, useMemo, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import type { CellRange } from 'handsontable/base';
import { HOT_BASE, selectedRowIndexes, useTsvPaste } from './hot-setup';
import type { CellErrors, GridRecord, Unsaved } from './change-batch';
import { toServerValue } from './cell-values';
import { shownField, type GridColumn } from './columns';
import { GridEditor, type EditCell } from './grid-editor';
import { cellLookups, lockOf } from './grid-cells';
import { hotColumn, linkRenderer } from './hot-cells';
import { referenceOptions } from './reference-cells';
import { THUMBNAIL_CLASS, thumbnailRenderer } from './thumbnail-cells';
import { dropHolderTabindex } from './hot-a11y';
import type { GridSort, GridTableApi, GridTableProps } from './grid-table-props';

export type { GridSort, GridTableApi, GridTableProps };

/** Sources of changes the grid makes itself (never saved). */
const OWN_SOURCES = new Set(['loadData', 'updateData', 'server', 'rollback']);

/** A plain left click on a link cell's link (a modified click is left to the browser: new tab). */
const plainLinkClick = (e: MouseEvent | ReactMouseEvent) =>
  e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey && !!(e.target as HTMLElement | null)?.closest?.('a.data-grid__link');

/** A key that would type into (or clear) a cell. */
const typesIntoCell = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey && (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete');
type FillTarget = Pick<CellRange, 'getTopStartCorner' | 'getBottomEndCorner'>; // a fill-handle drag's target (beforeAutofill)
const withCtrl = (e: KeyboardEvent, key: string) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === key;

/**
 * Handsontable gives its scrolling holder tabindex="-1" next to role="presentation"; a focusable
 * element cannot be presentational, so axe reports the treegrid as missing its rows
 * (aria-required-children). Without the tabindex the holder is ignored and the rows are the
 * grid's (the cells stay focusable; the grid still takes focus as before).
 */
/**
 * See the module comment. Memoised, and the records are loaded once per new records array (not as
 * a HotTable prop): the wrapper hands every prop to updateSettings on each render, and a `data`
 * there reloads every row (a long task with 10,000 rows) whenever the toolbar's status changes.
 */
export const GridTable = memo(function GridTable({
  columns,
  records,
  keyField,
  editable,
  rowHeight = 30,
  height,
  sort,
  onSort,
  onReorder,
  onSave,
  onSaved,
  hotRef,
  onPending,
  onRowOpen,
  linkField,
  rowHref,
  onSelectionChange,
  frozen = 0,
  onResize,
  onReadOnlyInput,
  onProgress,
  onStale,
  onNotice,
  onHint,
  filtered,
  onFilterOpen,
  apiRef,
  failedText,
  onRowClick,
  thumbnails,
  onThumbnailClick,
}: GridTableProps) {
  const ref = useRef<HotTableRef>(null);
  const errors = useRef<CellErrors>(new Map());
  const unsaved = useRef<Unsaved>(new Map());
  // The cell whose lock was last said (said once per cell, not per key).
  const said = useRef('');
  const recordsRef = useRef(records);
  recordsRef.current = records;
  const latest = useRef({
    columns,
    keyField,
    onSave,
    onSaved,
    onSort,
    onReorder,
    onPending,
    onRowOpen,
    rowHref,
    onSelectionChange,
    onResize,
    onReadOnlyInput,
    onProgress,
    onStale,
    onNotice,
    onHint,
    filtered,
    onFilterOpen,
    failedText,
    onRowClick,
    onThumbnailClick,
  });
  latest.current = {
    columns,
    keyField,
    onSave,
    onSaved,
    onSort,
    onReorder,
    onPending,
    onRowOpen,
    rowHref,
    onSelectionChange,
    onResize,
    onReadOnlyInput,
    onProgress,
    onStale,
    onNotice,
    onHint,
    filtered,
    onFilterOpen,
    failedText,
    onRowClick,
    onThumbnailClick,
  };

  const keyIndex = useMemo(() => {
    const m = new Map<number, number>();
    for (let i = 0; i < records.length; i++) m.set(Number(records[i][keyField]), i);
    return m;
  }, [records, keyField]);
  const keyIndexRef = useRef(keyIndex);
  keyIndexRef.current = keyIndex;
  const recordByKey = useCallback((key: number) => recordsRef.current[keyIndexRef.current.get(key) ?? -1], []);
  const editableRef = useRef(editable);
  editableRef.current = editable && !onReadOnlyInput;

  const editor = useMemo(
    () =>
      new GridEditor({
        hot: () => ref.current?.hotInstance,
        records: () => recordsRef.current,
        recordByKey,
        columns: () => latest.current.columns,
        keyField: () => latest.current.keyField,
        get errors() {
          return errors.current;
        },
        get unsaved() {
          return unsaved.current;
        },
        save: (rows, onChunk) => (latest.current.onSave ? latest.current.onSave(rows, onChunk) : Promise.resolve({ Saved: [], Failed: [] })),
        onSaved: (r) => latest.current.onSaved?.(r),
        onPending: (p) => latest.current.onPending?.(p),
        onProgress: (d, t) => latest.current.onProgress?.(d, t),
        onStale: (k) => latest.current.onStale?.(k),
        failedText: (m) => (latest.current.failedText ? latest.current.failedText(m) : m),
      }),
    [recordByKey],
  );

  const recordAt = useCallback((row: number): GridRecord | undefined => {
    const hot = ref.current?.hotInstance;
    return recordsRef.current[hot ? hot.toPhysicalRow(row) : row];
  }, []);
  // What the renderers read: each cell's error, and what it holds back (unsaved input, or why it is locked).
  const { errorAt, decorateAt } = useMemo(
    () =>
      cellLookups({
        recordAt,
        columns: () => latest.current.columns,
        keyField: () => latest.current.keyField,
        errors: () => errors.current,
        unsaved: () => unsaved.current,
        editable: () => editableRef.current,
      }),
    [recordAt],
  );
  const hrefAt = useCallback(
    (row: number) => {
      const rec = recordAt(row);
      return rec && latest.current.rowHref ? latest.current.rowHref(rec) : undefined;
    },
    [recordAt],
  );
  const choices = useCallback(
    async (row: number, col: GridColumn) => {
      const rec = recordAt(row);
      return rec && col.ref ? (await referenceOptions(col.ref, rec)).map((o) => o.label) : [];
    },
    [recordAt],
  );
  const hotColumns = useMemo(
    () =>
      columns.map((c) => {
        const s = hotColumn(c, editable, errorAt, choices, decorateAt);
        if (thumbnails?.field === c.field) return { ...s, renderer: thumbnailRenderer(thumbnails, recordAt) as never };
        return c.field === linkField && rowHref ? { ...s, renderer: linkRenderer(c, errorAt, hrefAt) as never } : s;
      }),
    [columns, editable, errorAt, linkField, rowHref, hrefAt, choices, thumbnails, recordAt, decorateAt],
  );
  const colWidths = useMemo(() => columns.map((c) => c.width), [columns]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter redraws the headers (their filter mark)
  const headers = useMemo(
    () =>
      columns.map((c) => {
        const arrow = sort?.field === c.field ? (sort.direction === 'ASC' ? ' ▲' : ' ▼') : '';
        return `${c.title}${arrow}`;
      }),
    [columns, sort, filtered],
  );

  // Typed and pasted text becomes the stored value at once (dates, numbers, Yes/No), so the
  // grid holds server values; invalid text stays as typed and is refused in afterChange.
  const beforeChange = useCallback((changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    const byField = new Map(latest.current.columns.map((c) => [c.field, c]));
    for (const ch of changes) {
      if (!ch) continue;
      const col = byField.get(String(ch[1]));
      if (!col || col.readOnly) continue;
      const r = toServerValue(col, ch[3]);
      if (r.ok) ch[3] = r.value;
    }
  }, []);

  const afterChange = useCallback(
    (changes: Handsontable.CellChange[] | null, source: string) => {
      if (!changes || OWN_SOURCES.has(source)) return;
      const hot = ref.current?.hotInstance;
      const kf = latest.current.keyField;
      const list: EditCell[] = [];
      for (const [row, prop, old, value] of changes) {
        const rec = recordsRef.current[hot ? hot.toPhysicalRow(row) : row];
        if (rec) list.push({ key: Number(rec[kf]), field: String(prop), value, old });
      }
      if (!list.length) return;
      void editor.commit(list);
    },
    [editor],
  );

  const afterOnCellMouseDown = useCallback(
    (e: MouseEvent, coords: { row: number; col: number }) => {
      const clicked = coords.row >= 0 ? recordAt(coords.row) : undefined;
      if (clicked && (e.target as HTMLElement | null)?.classList?.contains(THUMBNAIL_CLASS) && latest.current.onThumbnailClick) {
        latest.current.onThumbnailClick(clicked);
      } else if (clicked && e.detail === 1 && e.button === 0 && !e.shiftKey && latest.current.onRowClick) {
        // Shift+click extends the selection (rows for a report, CP-013) instead of opening the row.
        latest.current.onRowClick(clicked, e);
      } else if (coords.row >= 0 && e.detail === 1 && plainLinkClick(e)) {
        const rec = recordAt(coords.row);
        if (rec) latest.current.onRowOpen?.(rec);
      } else if (coords.row === -1 && coords.col >= 0) {
        const col = latest.current.columns[coords.col];
        if (col && !(e.target as HTMLElement | null)?.closest?.('.data-grid__filter')) latest.current.onSort?.(col.field);
      } else if (coords.row >= 0 && e.detail === 2 && latest.current.onRowOpen) {
        // In an editable grid a double-click on an editable cell edits it; elsewhere it opens the row.
        const hot = ref.current?.hotInstance;
        if (hot && coords.col >= 0 && !hot.getCellMeta(coords.row, coords.col).readOnly) return;
        const rec = recordAt(coords.row);
        if (rec) latest.current.onRowOpen(rec);
      }
    },
    [recordAt],
  );

  // Enter on a read-only cell opens the row (on an editable one it edits, as always); typing
  // into a read-only grid says that it is read only.
  const beforeKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const hot = ref.current?.hotInstance;
      const readOnlyInput = latest.current.onReadOnlyInput;
      if (hot && readOnlyInput && typesIntoCell(e) && hot.getSelectedRangeLast()) {
        readOnlyInput();
        return;
      }
      // Ctrl+S sends the rows holding unsaved input again (an open cell editor's text first).
      if (hot && editableRef.current && withCtrl(e, 's')) {
        e.preventDefault();
        e.stopImmediatePropagation();
        hot.getActiveEditor()?.finishEditing();
        void editor.resend().then((n) => {
          if (!n) latest.current.onNotice?.('Every change is saved.');
        });
        return;
      }
      // Esc on rows holding unsaved input puts their saved values back.
      if (hot && editableRef.current && e.key === 'Escape' && !hot.getActiveEditor()?.isOpened() && unsaved.current.size) {
        const n = editor.revert(
          selectedRowIndexes(hot)
            .map(recordAt)
            .filter((r): r is GridRecord => !!r)
            .map((r) => Number(r[latest.current.keyField])),
        );
        if (n) {
          e.stopImmediatePropagation();
          latest.current.onNotice?.(`${n} unsaved cell${n === 1 ? '' : 's'} back to the saved value${n === 1 ? '' : 's'}.`);
          return;
        }
      }
      // Ctrl+D fills down, as in Excel: the top row of the selection over the rows below it (one undo step, one save).
      if (hot && editableRef.current && withCtrl(e, 'd') && !hot.getActiveEditor()?.isOpened()) {
        const range = hot.getSelectedRangeLast();
        const top = range?.getTopStartCorner().row ?? -1;
        const left = Math.max(0, range?.getTopStartCorner().col ?? 0);
        const bottom = range?.getBottomEndCorner().row ?? -1;
        const right = range?.getBottomEndCorner().col ?? -1;
        e.preventDefault();
        e.stopImmediatePropagation();
        if (top < 0 || bottom <= top) return;
        const rec = recordAt(top);
        const values = latest.current.columns.slice(left, right + 1).map((c) => rec?.[shownField(c)]);
        void editor.fill([values], { top: { row: top + 1, col: left }, bottom: { row: bottom, col: right } }, false);
        return;
      }
      const at = hot?.getSelectedRangeLast()?.highlight;
      // Alt+Down: the filter of the selected cell's column (as Excel's autofilter).
      if (hot && at && e.altKey && e.key === 'ArrowDown' && latest.current.onFilterOpen && !hot.getActiveEditor()?.isOpened()) {
        const col = latest.current.columns[at.col ?? -1];
        const th = hot.getCell(-1, at.col ?? 0, true);
        if (col) {
          e.stopImmediatePropagation();
          e.preventDefault();
          latest.current.onFilterOpen(col.field, (th ?? hot.rootElement).getBoundingClientRect());
        }
        return;
      }
      // Typing into a locked cell says why, once for that cell.
      if (hot && at && editableRef.current && typesIntoCell(e) && latest.current.onNotice && (at.row ?? -1) >= 0 && (at.col ?? -1) >= 0) {
        const c = latest.current.columns[at.col!];
        const lock = c ? lockOf(recordAt(at.row!), c) : undefined;
        const cell = `${at.row}:${at.col}`;
        if (lock && said.current !== cell) {
          said.current = cell;
          latest.current.onNotice(lock.message);
        }
      }
      // Alt+Enter or Ctrl+Enter on a row: the row click with that key (a search result's child data or new tab).
      const modified = latest.current.onRowClick && e.key === 'Enter' && (e.altKey || e.ctrlKey || e.metaKey) && !e.shiftKey;
      const selRow = hot?.getSelectedRangeLast()?.highlight.row ?? -1;
      const picked = modified && selRow >= 0 && !hot?.getActiveEditor()?.isOpened() ? recordAt(selRow) : undefined;
      if (picked) {
        e.stopImmediatePropagation();
        e.preventDefault();
        latest.current.onRowClick?.(picked, e);
        return;
      }
      const open = latest.current.onRowOpen;
      if (!hot || !open || e.key !== 'Enter' || e.ctrlKey || e.altKey || e.shiftKey || e.metaKey || hot.getActiveEditor()?.isOpened()) return;
      const cell = hot.getSelectedRangeLast()?.highlight;
      const row = cell?.row ?? -1;
      const col = cell?.col ?? -1;
      if (row < 0 || col < 0 || !hot.getCellMeta(row, col).readOnly) return;
      const rec = recordAt(row);
      if (!rec) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      open(rec);
    },
    [recordAt, editor],
  );

  // A plain click on a link opens the row in the app (on mouse down: the grid may render the cell
  // again before the click); the browser's own navigation is stopped. A modified click is the
  // browser's (new tab).
  const onLinkClick = useCallback((e: ReactMouseEvent<HTMLDivElement>) => {
    if (plainLinkClick(e)) e.preventDefault();
  }, []);

  const afterSelectionEnd = useCallback(() => {
    const hot = ref.current?.hotInstance;
    if (!hot) return;
    // A single locked cell selected (by mouse or keyboard) says why.
    said.current = '';
    const range = hot.getSelectedRangeLast();
    const at = range?.highlight;
    const single =
      !!range && range.getTopStartCorner().row === range.getBottomEndCorner().row && range.getTopStartCorner().col === range.getBottomEndCorner().col;
    const c = single && at && (at.col ?? -1) >= 0 ? latest.current.columns[at.col!] : undefined;
    latest.current.onHint?.((editableRef.current && c && (at?.row ?? -1) >= 0 && lockOf(recordAt(at!.row!), c)?.message) || null);
    latest.current.onSelectionChange?.(
      selectedRowIndexes(hot)
        .map(recordAt)
        .filter((r): r is GridRecord => !!r),
    );
  }, [recordAt]);

  // The fill handle: the drag becomes a paste of the source rows over the target (locked cells skipped, one save, one undo step).
  const beforeAutofill = useCallback(
    (data: unknown[][], _source: unknown, target: FillTarget, direction: string) => {
      const tl = target.getTopStartCorner();
      const br = target.getBottomEndCorner();
      void editor.fill(data, { top: { row: tl.row ?? 0, col: tl.col ?? 0 }, bottom: { row: br.row ?? 0, col: br.col ?? 0 } }, direction === 'up');
      return false;
    },
    [editor],
  );

  // The header's full title on hover (the header text is cut with an ellipsis when narrow). With
  // frozen columns Handsontable numbers the scrolling headers' aria-colindex one short of their
  // cells'; the header of column n is column n + 1 for assistive tech, as its cells are.
  const afterGetColHeader = useCallback((col: number, th: HTMLTableCellElement) => {
    const c = col >= 0 ? latest.current.columns[col] : undefined;
    const filter = c ? latest.current.filtered?.get(c.field) : undefined;
    if (c) th.title = filter ? `${c.title} (filter: ${filter})` : c.title;
    else th.removeAttribute('title');
    th.querySelector('.data-grid__filter')?.remove();
    if (c && latest.current.onFilterOpen) {
      const b = document.createElement('button');
      b.type = 'button';
      b.tabIndex = -1;
      b.className = `data-grid__filter${filter ? ' data-grid__filter--on' : ''}`;
      b.setAttribute('aria-label', `Filter ${c.title}`);
      b.textContent = '▾';
      // Its own mouse down: the header's (sort, column selection) is not run.
      b.addEventListener('mousedown', (ev) => {
        ev.stopPropagation();
        ev.preventDefault();
        latest.current.onFilterOpen?.(c.field, b.getBoundingClientRect());
      });
      th.querySelector('.relative')?.append(b);
    }
    if (col >= 0 && th.hasAttribute('aria-colindex')) th.setAttribute('aria-colindex', String(col + 1));
  }, []);

  const afterColumnResize = useCallback((width: number, col: number) => {
    const c = latest.current.columns[col];
    if (c && width > 0) latest.current.onResize?.(c.field, width);
  }, []);

  const beforeColumnMove = useCallback((moved: number[], finalIndex: number) => {
    const fields = latest.current.columns.map((c) => c.field);
    const movedFields = moved.map((i) => fields[i]);
    const rest = fields.filter((f) => !movedFields.includes(f));
    rest.splice(Math.min(finalIndex, rest.length), 0, ...movedFields);
    latest.current.onReorder?.(rest);
    return false;
  }, []);

  // Paste from Excel: our own TSV parser, then the grid editor (values in slices, one undo step, saves in chunks).
  useTsvPaste(ref, (table, top, bottom) => {
    if (latest.current.onReadOnlyInput) latest.current.onReadOnlyInput();
    else if (editable && table.length) void editor.paste(table, top, bottom);
  });

  if (apiRef)
    apiRef.current = {
      replaceRows: (rows) => {
        const kf = latest.current.keyField;
        for (const row of rows) {
          const key = Number(row[kf]);
          const rec = recordByKey(key);
          if (!rec) continue;
          // The user's unsaved input stays over the fresh values (Ctrl+S sends it at the new version).
          const held = unsaved.current.get(key);
          const mine = Object.fromEntries([...(held?.keys() ?? [])].map((f) => [f, rec[f]]));
          Object.assign(rec, row, mine);
          for (const f of held?.keys() ?? []) held!.set(f, row[f]);
          errors.current.delete(key);
        }
        ref.current?.hotInstance?.render();
      },
    };

  // Cells that cannot be edited in their row's state (a read-only status, HTS without origin, frozen milestones…).
  const cells = useCallback((row: number, col: number) => {
    const c = latest.current.columns[col];
    const rec = recordsRef.current[row];
    return c && rec ? { readOnly: !!lockOf(rec, c) } : {};
  }, []);

  useEffect(() => {
    if (hotRef) hotRef.current = ref.current?.hotInstance ?? null;
  });

  // New records (a page, a sort, a filter): loaded in one go; errors, undo history and the selection of the old ones go.
  // (HotTable creates its instance in its own effect, which runs before this one.)
  useEffect(() => {
    ref.current?.hotInstance?.loadData(records);
  }, [records]);

  // New records (a page, a sort): errors and the selection of the old ones go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new set of records
  useEffect(() => {
    errors.current = new Map();
    unsaved.current = new Map();
    latest.current.onSelectionChange?.([]);
  }, [records]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops the browser's own navigation of a link clicked in a cell; on the keyboard Enter opens the row (beforeKeyDown)
    <div className={`data-grid__table${editable ? ' data-grid__table--editable' : ''}`} style={{ height }} onClick={onLinkClick}>
      <HotTable
        ref={ref}
        {...HOT_BASE}
        columns={hotColumns}
        colHeaders={headers}
        colWidths={colWidths}
        rowHeaders={false}
        rowHeights={rowHeight}
        viewportRowRenderingOffset={10}
        viewportColumnRenderingOffset={3}
        manualColumnMove={!!onReorder}
        manualColumnResize={onResize ? colWidths : false /* the array, not true: the plugin would keep old widths by index when columns change */}
        fixedColumnsStart={frozen}
        fillHandle={editable ? { direction: 'vertical', autoInsertRow: false } : false}
        undo={editable}
        copyPaste={{ pasteMode: 'overwrite', rowsLimit: 100000 }}
        outsideClickDeselects={false}
        startRows={0}
        cells={editable ? (cells as never) : undefined}
        beforeAutofill={beforeAutofill as never}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        afterOnCellMouseDown={afterOnCellMouseDown as never}
        beforeKeyDown={beforeKeyDown as never}
        afterSelectionEnd={afterSelectionEnd as never}
        beforeColumnMove={beforeColumnMove as never}
        afterGetColHeader={afterGetColHeader as never}
        afterColumnResize={afterColumnResize as never}
        afterInit={dropHolderTabindex as never}
      />
    </div>
  );
});
