/**
 * The Handsontable part of a DataGrid: shows records in the given columns and turns every edit,
 * paste, fill or undo into ONE save call (`onSave`), then shows the answer: saved values and
 * RowVersions, per-cell errors, refused rows kept as the user's unsaved input (grid-editor.ts). Cells
 * are drawn editable or read-only by their column and their row's state (the server's rules,
 * grid-cells.ts): a locked cell looks locked and says why on hover, on selection and when typed into;
 * Ctrl+S sends unsaved rows again, Esc puts them back. Key columns frozen on the left, full header
 * and cell text as hover titles, user-resizable columns, and a word when someone types or pastes
 * into a read-only grid. No data loading here, so benches and other screens can feed it records directly.
 * Its keys and selection are use-grid-keys.ts, its clicks use-grid-clicks.ts, its headers use-grid-headers.ts.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import type { CellRange } from 'handsontable/base';
import { HOT_BASE, selectedRecords, selectedRowIndexes, useTsvPaste } from './hot-setup';
import type { CellErrors, GridRecord, Unsaved } from './change-batch';
import { toServerValue } from './cell-values';
import type { GridColumn } from './columns';
import type { EditCell } from './edit-cells';
import { GridEditor } from './grid-editor';
import { cellLookups, lockOf } from './grid-cells';
import { useCellRefusals } from './cell-refusals';
import { hotColumn, linkRenderer } from './hot-cells';
import { referenceOptions } from './reference-cells';
import { thumbnailRenderer } from './thumbnail-cells';
import { dropHolderTabindex } from './hot-a11y';
import type { GridSort, GridTableProps } from './grid-table-props';
import { useGridClicks } from './use-grid-clicks';
import { useGridHeaders } from './use-grid-headers';
import { fittedWidths, headerMeasure } from './header-width';
import { useGridKeys } from './use-grid-keys';

export type { GridSort, GridTableProps };

/** Sources of changes the grid makes itself (never saved). */
const OWN_SOURCES = new Set(['loadData', 'updateData', 'server', 'rollback']);

type FillTarget = Pick<CellRange, 'getTopStartCorner' | 'getBottomEndCorner'>; // a fill-handle drag's target (beforeAutofill)

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
  const recordsRef = useRef(records);
  recordsRef.current = records;
  // What the Handsontable hooks read, always this render's (the hooks are made once).
  const current = {
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
  const latest = useRef(current);
  latest.current = current;
  const table = useRef<HTMLDivElement>(null);
  // A numeric cell says what it takes when it drops a typed character (issue 27).
  const sayRefused = useCallback((text: string) => latest.current.onNotice?.(text), []);
  useCellRefusals(table, sayRefused);

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
  // Each column at least as wide as its header title needs on two lines (header-width.ts).
  const filterButtons = !!onFilterOpen;
  const colWidths = useMemo(() => fittedWidths(columns, headerMeasure(), filterButtons), [columns, filterButtons]);
  const { headers, afterGetColHeader, afterColumnResize, beforeColumnMove } = useGridHeaders(latest, columns, sort, filtered);

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

  const { afterOnCellMouseDown, onLinkClick } = useGridClicks(ref, latest, recordAt);
  const { beforeKeyDown, afterSelectionEnd } = useGridKeys({ ref, latest, editableRef, unsaved, editor, recordAt });

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

  // The screen's handle on the instance; let go when the table goes (an instance destroyed with it is never handed on).
  useEffect(() => {
    if (!hotRef) return;
    const hot = ref.current?.hotInstance ?? null;
    hotRef.current = hot;
    return () => {
      if (hotRef.current === hot) hotRef.current = null;
    };
  });

  // New records (a page, a sort, a filter): loaded in one go; errors, undo history and the selection of the old ones go.
  // (HotTable creates its instance in its own effect, which runs before this one.)
  useEffect(() => {
    ref.current?.hotInstance?.loadData(records);
  }, [records]);

  // New records: errors go. A selection whose rows are the same records as before (a refresh after a
  // save, a search repeated, a row added below) stays, reported afresh with the new records; one whose
  // rows now hold other records (a page, a sort, a filter) goes from the table as from the screen
  // (`loadData` keeps the selected cells, which would then show rows the screen does not count).
  const shown = useRef<GridRecord[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new set of records
  useEffect(() => {
    errors.current = new Map();
    unsaved.current = new Map();
    const before = shown.current;
    shown.current = records;
    const hot = ref.current?.hotInstance;
    const rows = hot ? selectedRowIndexes(hot) : [];
    const key = (list: GridRecord[], row: number) => list[hot ? hot.toPhysicalRow(row) : row]?.[keyField];
    const kept = rows.length > 0 && rows.every((row) => key(records, row) !== undefined && key(records, row) === key(before, row));
    if (rows.length && !kept) {
      hot?.deselectCell();
      latest.current.onHint?.(null);
    }
    latest.current.onSelectionChange?.(kept ? selectedRecords(hot, recordAt) : []);
  }, [records]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops the browser's own navigation of a link clicked in a cell; on the keyboard Enter opens the row (beforeKeyDown)
    <div ref={table} className={`data-grid__table${editable ? ' data-grid__table--editable' : ''}`} style={{ height }} onClick={onLinkClick}>
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
