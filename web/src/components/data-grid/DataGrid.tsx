/**
 * DataGrid: any grid document (schemas/grids/<id>.grid.json) in Handsontable, with columns,
 * cell types and limits from the entity schema, server-side sort, paging or all rows
 * virtualised (a whole criteria result from one call), per-user column order and visibility,
 * Ctrl+Shift+F column finder, column filters applied by the server (header ▾ or Alt+Down), one
 * save per edit/paste/fill (a large paste in slices and chunks with 'Saving X of Y rows…', one undo
 * step; grid-editor.ts), rows changed by someone else offered for a reload, the grid document's
 * own texts (messages.loadError, messages.empty, messages.failedRow), and export of every record
 * to `{report}-Export.xlsx` by the server (the browser builds it where the server has no export). Key columns (the document's `frozen`)
 * stay on the left; column widths are the user's; a grid the user cannot edit (a library, or no
 * edit permission) shows a "Read only" badge and says so when typed or pasted into. In an editable
 * grid each cell is drawn from its column and its row's state by the server's rules (issue 27): a
 * locked cell says why when selected or typed into, a paste or fill says what it skipped, and a
 * refused row keeps the user's input as unsaved cells (the page asks before it is left). With `source` the rows come from the
 * screen's own API call (read-only, sorted and paged in the browser); columns still come from
 * the grid document.
 *
 * @example <DataGrid gridId="costing" />            // editable flash-edit grid, all rows
 * @example <DataGrid gridId="colorway-search" search filters={{ BrandId: 2 }} />
 * @example <DataGrid gridId="roles" source={{ rows: data, error, loading: isLoading }} keyField="RoleId" recordLink={(r) => `/roleEdit/${r.RoleId}`} />
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { useSessionStore } from '../../auth/session-store';
import { saveFile } from '../../api/http';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { recordKeyField } from '../fields/field-kind';
import { useEntitySchema, useGridDocument } from '../fields/schema-docs';
import { ColumnChooser } from './ColumnChooser';
import { ColumnFinder } from './ColumnFinder';
import { applyPrefs, EMPTY_PREFS, frozenCount, withWidth, type ColumnPrefs } from './column-prefs';
import { wrapMessage, type GridRecord } from './change-batch';
import { describeFilter, withColumnFilter, type ColumnFilter, type ColumnFilters } from './column-filters';
import { ColumnFilterPopover } from './ColumnFilterPopover';
import { gridColumns, inView, isEditable, type GridColumn } from './columns';
import { exportGrid, saveGrid, searchKeys, type GridFilters } from './grid-api';
import { holdsRef } from './grid-permissions';
import type { SaveOutcome } from './grid-editor';
import { GridTable, type GridSort, type GridTableApi } from './GridTable';
import { openLinkInNewTab } from './new-tab-link';
import { Pager } from './Pager';
import { loadColumnPrefs, saveColumnPrefs } from './prefs-store';
import { useGridRecords, type RowSource } from './use-grid-records';
import { IMAGE_FIELD, THUMBNAIL_ROW_HEIGHT, thumbnailUrl } from './thumbnail-cells';
import { ENLARGE_SIZE, ImagePopup } from './ImagePopup';
import { levelOf } from '../record/hierarchy';
import { useLiveRows } from './live-rows';
import { LiveRowsBar } from './LiveRowsBar';
import { useCellHistory } from './CellHistory';
import { PresenceBar } from '../../feed/PresenceBar';

export type { RowSource } from './use-grid-records';

/** Said when someone types or pastes into a grid they cannot edit. */
export const READ_ONLY_MESSAGE = 'This grid is read only.';

/** Said when an export fails (SEARCH-012's wording, for every grid). */
export const EXPORT_FAILED = 'An unexpected error occurred exporting the file.';

/** Said when the records cannot be loaded and the grid document names no text of its own. */
export const LOAD_ERROR = 'The records could not be loaded.';

/** The toolbar text of a running save: 'Saving…', or 'Saving 1,000 of 10,000 rows…' for a large one. */
export const savingText = (p: { done: number; total: number } | null) =>
  p && p.total > 1 ? `Saving ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} rows…` : 'Saving…';

export interface DataGridProps {
  /** Id of the grid document, e.g. 'costing'. */
  gridId: string;
  /** 'all': every record loaded and virtualised (flash edit); 'paged': one server page at a time. Default: 'all' for editable grids, else 'paged'. */
  mode?: 'all' | 'paged';
  /** Filters sent with every search (brand, season, status). */
  filters?: GridFilters;
  /** A search-result grid: read-only, paged, rows 35 px high instead of 30. */
  search?: boolean;
  /** Height of the grid viewport (default: the window less the page chrome). */
  height?: number | string;
  /** Report name of the export file (default: the grid's title). */
  reportName?: string;
  /** Where opening a row leads (double-click or Enter on a read-only cell, or the link cell), e.g. the record's screen. */
  recordLink?: (record: Record<string, unknown>) => string;
  /** Opening a row, when it is not a navigation (wins over recordLink). */
  onRowOpen?: (record: GridRecord) => void;
  /** The column shown as a link to `recordLink` of its row. */
  linkField?: string;
  /** Rows-from-endpoint mode: the rows of the screen's own API call; read-only, client-side sort and paging. */
  source?: RowSource;
  /** The rows' key field when the entity has no `x-tables` (endpoint rows). */
  keyField?: string;
  /** Initial page size of a paged grid (CONST-009: 15, 25, 50 or 100; default 50). */
  pageSize?: number;
  /** Columns the answer decides (e.g. one per permission module), after the document's. */
  extraColumns?: readonly GridColumn[];
  /** Shown instead of the grid when there are no rows. */
  emptyText?: string;
  /** The records of the selected rows, after each selection. */
  onSelectionChange?: (records: GridRecord[]) => void;
  /** Region view of the grid document (`views`): shows that view's columns and hides the other views' (default: `defaultView`). Never changes the data. */
  view?: string;
  /** Receives the Handsontable instance (screens that drive the grid, tests). */
  hotRef?: RefObject<Handsontable | null>;
  /** A new value loads the rows again from the server even when the filters are the same (a screen's Search button). */
  reloadKey?: number | string;
  /** The screen's own buttons beside Export (a flash-edit grid's Upload, FLASH-005). */
  toolbarActions?: ReactNode;
  /**
   * Hidden columns, column order and sort held by the screen (a saved search, SEARCH-007/016), with
   * the export sending them (SEARCH-012); without it they are the user's column preferences.
   */
  columnState?: ColumnState;
  onColumnStateChange?: (state: ColumnState) => void;
  /** Columns left out altogether: not shown, not offered, not exported (e.g. a parent level's, SEARCH-017). */
  omitColumns?: readonly string[];
  /** A single click on a row, with the event's modifier keys (search results: open, new tab, child data). */
  onRowClick?: (record: GridRecord, e: Pick<MouseEvent, 'altKey' | 'ctrlKey' | 'metaKey'>) => void;
  /** After each answer of the server: how many records match. */
  onLoaded?: (total: number) => void;
  /** The user chose another page size (a screen that keeps it, e.g. in a saved search). */
  onPageSizeChange?: (size: number) => void;
}

/** A screen's hold of a grid's columns and sort (DataGrid `columnState`). */
export interface ColumnState {
  hidden: string[];
  order: string[];
  sort: GridSort | null;
}

/** See the module comment. */
export function DataGrid({
  gridId,
  mode,
  filters,
  search,
  height = 'calc(100vh - 250px)',
  reportName,
  recordLink,
  onRowOpen,
  linkField,
  source,
  keyField: keyFieldProp,
  pageSize: initialPageSize = 50,
  extraColumns,
  emptyText,
  onSelectionChange,
  view,
  hotRef: outerHotRef,
  reloadKey,
  toolbarActions,
  columnState,
  onColumnStateChange,
  omitColumns,
  onRowClick,
  onLoaded,
  onPageSizeChange,
}: DataGridProps) {
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const { data: grid, error: gridError } = useGridDocument(gridId);
  const { data: schema } = useEntitySchema(grid?.entity);
  const module = schema?.['x-module'] as string | undefined;
  const canRead = holdsRef(session?.userPermissions, grid?.read, module, 'read');
  const canEdit = holdsRef(session?.userPermissions, grid?.edit, module, 'edit');

  const columns = useMemo(
    () => (grid && schema ? [...gridColumns(grid, schema), ...(extraColumns ?? [])].filter((c) => !omitColumns?.includes(c.field)) : []),
    [grid, schema, extraColumns, omitColumns],
  );
  const keyField = keyFieldProp ?? (schema ? recordKeyField(schema) : '');
  // SHELL-028: a hierarchy grid's image column shows each record's 65 px thumbnail; a click enlarges it (SHELL-029).
  const thumbnails = useMemo(() => {
    const level = grid && !source ? levelOf(grid.entity) : undefined;
    return level && columns.some((c) => c.field === IMAGE_FIELD)
      ? { level: level.level, keyField: level.key, field: IMAGE_FIELD, name: level.name }
      : undefined;
  }, [grid, source, columns]);
  const [enlarged, setEnlarged] = useState<GridRecord | null>(null);
  const editable = !search && !source && canEdit && isEditable(columns);
  const effectiveMode = mode ?? (editable ? 'all' : 'paged');
  // Search results and endpoint rows are lists to open records from; any other grid that cannot
  // be edited here says so.
  const readOnly = !editable && !search && !source;

  const userId = session?.userId ?? '';
  const [userPrefs, setPrefs] = useState<ColumnPrefs>(EMPTY_PREFS);
  // The grid shows its columns once the user's are known: a column they hid never flashes in.
  const prefsKey = `${userId}:${gridId}`;
  const [prefsKnownFor, setPrefsKnownFor] = useState<string | null>(null);
  const prefs = useMemo(() => (columnState ? { ...userPrefs, order: columnState.order, hidden: columnState.hidden } : userPrefs), [userPrefs, columnState]);
  useEffect(() => {
    let live = true;
    void loadColumnPrefs(userId, gridId).then((p) => {
      if (!live) return;
      setPrefs(p);
      setPrefsKnownFor(`${userId}:${gridId}`);
    });
    return () => {
      live = false;
    };
  }, [userId, gridId]);
  const stateRef = useRef(columnState);
  stateRef.current = columnState;
  const updatePrefs = useCallback(
    (next: ColumnPrefs) => {
      const held = stateRef.current;
      if (held) {
        // The screen holds order and hidden columns; widths stay the user's.
        if (next.order !== held.order || next.hidden !== held.hidden) onColumnStateChange?.({ ...held, order: next.order, hidden: next.hidden });
        next = { ...userPrefs, widths: next.widths };
      }
      setPrefs(next);
      void saveColumnPrefs(userId, gridId, next);
    },
    [userId, gridId, onColumnStateChange, userPrefs],
  );
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const onResize = useCallback((field: string, width: number) => updatePrefs(withWidth(prefsRef.current, field, width)), [updatePrefs]);
  const viewName = view ?? grid?.defaultView;
  const visible = useMemo(() => inView(applyPrefs(columns, prefs), grid?.views, viewName), [columns, prefs, grid?.views, viewName]);
  const hidden = useMemo(() => new Set(prefs.hidden), [prefs]);

  const [ownSort, setOwnSort] = useState<GridSort | null>(null);
  const sort = columnState ? columnState.sort : ownSort;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const ready = !!grid && !!schema && canRead;
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>({});
  const { records, total, totalIsEstimate, totalPages, error, loading, all, query } = useGridRecords({
    gridId,
    ready,
    mode: effectiveMode,
    source,
    filters,
    columnFilters: source ? undefined : columnFilters,
    sort,
    page,
    pageSize,
    reloadKey,
  });
  // New rows from the screen (a filter) start at the first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new rows restart the pages, not a new source object around the same rows
  useEffect(() => {
    if (source) setPage(1);
  }, [source?.rows]);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once per loaded page of records (loading and total as they are then)
  useEffect(() => {
    if (!loading && total !== undefined) onLoadedRef.current?.(total);
  }, [records]);

  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  // Why the selected cell is locked; how many rows hold input the server has not taken.
  const [hint, setHint] = useState<string | null>(null);
  const [held, setHeld] = useState(0);
  // Rows someone else changed since they were loaded (409 on save): offered for a reload.
  const [stale, setStale] = useState<ReadonlySet<number>>(new Set());
  const [reloading, setReloading] = useState(false);
  const tableApi = useRef<GridTableApi | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new records are fresh, so none is stale and none holds unsaved input
  useEffect(() => {
    setStale(new Set());
    setHeld(0);
  }, [records]);
  const onStale = useCallback((keys: number[]) => setStale((s) => new Set([...s, ...keys])), []);
  const onProgress = useCallback((done: number, total: number) => setProgress({ done, total }), []);
  const onPendingChange = useCallback((p: boolean) => {
    setPending(p);
    if (!p) setProgress(null);
  }, []);
  const onNotice = useCallback((text: string) => setStatus({ text, error: false }), []);
  const [filterOpen, setFilterOpen] = useState<{ field: string; anchor: DOMRect } | null>(null);
  const onFilterOpen = useCallback((field: string, anchor: DOMRect) => setFilterOpen({ field, anchor }), []);
  const closeFilter = useCallback(() => setFilterOpen(null), []);
  useUnsavedChanges(pending || held > 0, `grid:${gridId}`);
  const ownHotRef = useRef<Handsontable | null>(null);
  const hotRef = outerHotRef ?? ownHotRef;
  const [exporting, setExporting] = useState(false);
  // Issue 30: other people's saves come into the loaded rows as they happen (live-rows.ts).
  const readRows = useCallback((keys: number[]) => searchKeys(gridId, keyField, keys), [gridId, keyField]);
  const live = useLiveRows({
    entity: grid?.entity,
    keyField,
    records,
    columns: visible,
    hotRef,
    pending,
    enabled: !source && !!schema?.['x-tables'],
    readRows,
  });
  // Issue 30: a cell's history from its context menu or Ctrl+Shift+H.
  const cellHistory = useCellHistory({
    hotRef,
    entity: !source && schema?.['x-tables'] ? grid?.entity : undefined,
    keyField,
    columns: visible,
    records,
    editable,
  });

  const onSort = useCallback(
    (field: string) => {
      const next = (s: GridSort | null): GridSort =>
        s?.field === field ? { field, direction: s.direction === 'ASC' ? 'DESC' : 'ASC' } : { field, direction: 'ASC' };
      const held = stateRef.current;
      if (held) onColumnStateChange?.({ ...held, sort: next(held.sort) });
      else setOwnSort(next);
      setPage(1);
    },
    [onColumnStateChange],
  );
  const onReorder = useCallback(
    (fields: string[]) => {
      const all = applyPrefs(columns, { order: prefs.order, hidden: [] }).map((c) => c.field);
      // Hidden columns keep their place relative to the visible ones they followed.
      const order = [...fields, ...all.filter((f) => !fields.includes(f))];
      updatePrefs({ ...prefs, order });
    },
    [columns, prefs, updatePrefs],
  );
  // A column one place left or right among the shown ones (the column chooser's keyboard move).
  const onMove = useCallback(
    (field: string, by: -1 | 1) => {
      const fields = visible.map((c) => c.field);
      const i = fields.indexOf(field);
      const j = i + by;
      if (i < 0 || j < 0 || j >= fields.length || visible[j].key) return;
      [fields[i], fields[j]] = [fields[j], fields[i]];
      onReorder(fields);
    },
    [visible, onReorder],
  );
  const chooserColumns = useMemo(() => applyPrefs(columns, { order: prefs.order, hidden: [] }), [columns, prefs.order]);
  const onToggle = useCallback(
    (field: string, show: boolean) => {
      const next = new Set(prefs.hidden);
      if (show) next.delete(field);
      else next.add(field);
      updatePrefs({ ...prefs, hidden: [...next] });
    },
    [prefs, updatePrefs],
  );
  const openRow = useMemo(() => onRowOpen ?? (recordLink ? (r: GridRecord) => void navigate(recordLink(r)) : undefined), [onRowOpen, recordLink, navigate]);
  const failedText = useMemo(() => wrapMessage(grid?.messages?.failedRow), [grid?.messages?.failedRow]);
  const onSave = useCallback((rows: Parameters<typeof saveGrid>[1], onChunk: Parameters<typeof saveGrid>[2]) => saveGrid(gridId, rows, onChunk), [gridId]);
  const reloadStale = async () => {
    setReloading(true);
    try {
      const keys = [...stale];
      tableApi.current?.replaceRows(await searchKeys(gridId, keyField, keys));
      setStale((s) => new Set([...s].filter((k) => !keys.includes(k))));
      setStatus({ text: `${keys.length} row${keys.length === 1 ? '' : 's'} reloaded.`, error: false });
    } catch {
      toast.error('The rows could not be reloaded.');
    } finally {
      setReloading(false);
    }
  };
  const filtered = useMemo(
    () => new Map(Object.entries(columnFilters).map(([f, v]) => [f, describeFilter(columns.find((c) => c.field === f) ?? { kind: 'text' }, v)])),
    [columnFilters, columns],
  );
  const applyFilter = useCallback((field: string, f: ColumnFilter | null) => {
    setColumnFilters((cf) => withColumnFilter(cf, field, f));
    setFilterOpen(null);
    setPage(1);
  }, []);
  const onReadOnlyInput = useCallback(() => setStatus({ text: READ_ONLY_MESSAGE, error: false }), []);
  const onSaved = useCallback(({ saved, failed, skipped, held: rows }: SaveOutcome) => {
    const n = (x: number) => x.toLocaleString('en-US');
    setHeld(rows);
    const text = failed
      ? `${n(saved)} row${saved === 1 ? '' : 's'} saved; ${n(failed)} row${failed === 1 ? '' : 's'} not saved (see the red cells).`
      : saved
        ? `${n(saved)} row${saved === 1 ? '' : 's'} saved.`
        : '';
    if (text || skipped) setStatus({ text: [text, skipped].filter(Boolean).join(' '), error: !!failed });
  }, []);
  const pickColumn = useCallback(
    (index: number) => {
      const hot = hotRef.current;
      if (!hot) return;
      hot.scrollViewportTo({ col: index });
      hot.selectCell(Math.max(0, hot.getSelectedRangeLast()?.highlight.row ?? 0), index);
    },
    [hotRef],
  );
  // Rows grow to hold a thumbnail only on a page that has one.
  const withImages = useMemo(() => !!thumbnails && records.some((r) => r[thumbnails.field]), [thumbnails, records]);
  const report = reportName ?? grid?.report ?? grid?.title ?? gridId;
  // The server's export of the same query (every record, the user's visible fields only); the
  // browser builds the file itself where the server has no export for the grid.
  const exportAll = async () => {
    setExporting(true);
    try {
      if (source?.exportFile) return await source.exportFile();
      // A held column state goes with the export: the file has the visible columns in their order (SEARCH-012).
      const file = source
        ? null
        : await exportGrid(
            gridId,
            columnState
              ? {
                  ...query,
                  pageNumber: 1,
                  pageSize: 0,
                  columnsHidden: [...prefs.hidden, ...(omitColumns ?? [])],
                  columnsOrder: visible.map((c, index) => ({ column: c.field, index })),
                }
              : query,
          );
      if (file) {
        const { exportFileName } = await import('./export-rows');
        saveFile(file.blob, file.name ?? exportFileName(report));
        return;
      }
      const [{ downloadXlsx }, rows] = await Promise.all([import('./export-xlsx'), all()]);
      await downloadXlsx(report, visible, rows);
    } catch {
      toast.error(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  if (grid && schema && !canRead) return <Navigate to="/permissionDenied" replace />;
  if (gridError)
    return (
      <div className="alert alert--error" role="alert">
        This grid could not be loaded.
      </div>
    );
  if (!grid || !schema || prefsKnownFor !== prefsKey)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );

  return (
    <div className="data-grid" data-grid-id={gridId} onMouseDownCapture={openLinkInNewTab}>
      <div className="data-grid__toolbar">
        {readOnly && (
          <span className="badge data-grid__read-only" title="You can look at these records here but not change them.">
            Read only
          </span>
        )}
        <ColumnChooser columns={chooserColumns} hidden={hidden} onToggle={onToggle} onMove={onMove} />
        <button type="button" className="btn btn--small" onClick={() => void exportAll()} disabled={exporting}>
          {exporting ? <span className="spinner" aria-hidden="true" /> : null} Export
        </button>
        {toolbarActions}
        <span className="spacer" />
        {!source && !!schema['x-tables'] && <PresenceBar topic={`grid:${gridId}`} />}
        {stale.size > 0 && !pending && (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => void reloadStale()}
            disabled={reloading}
            title="Someone else changed these rows since they were loaded; reload them to see their values."
          >
            {reloading ? <span className="spinner" aria-hidden="true" /> : null} Reload {stale.size} changed row{stale.size === 1 ? '' : 's'}
          </button>
        )}
        {pending && (
          <span className="data-grid__status with-spinner" role="status">
            <span className="spinner" aria-hidden="true" /> {savingText(progress)}
          </span>
        )}
        {!pending && status && (
          <span className={`data-grid__status${status.error ? ' data-grid__status--error' : ''}`} role="status">
            {status.text}
          </span>
        )}
        {hint && <span className="data-grid__status data-grid__hint">{hint}</span>}
        {loading && (
          <span className="data-grid__status with-spinner">
            <span className="spinner" aria-hidden="true" /> Loading…
          </span>
        )}
        {effectiveMode === 'all' && total !== undefined && <span className="data-grid__status">{total.toLocaleString('en-US')} records</span>}
      </div>
      <LiveRowsBar live={live} />
      {error && !source ? (
        <div className="alert alert--error" role="alert">
          {grid.messages?.loadError ?? LOAD_ERROR}
        </div>
      ) : (emptyText ?? grid.messages?.empty) && total === 0 && !Object.keys(columnFilters).length ? (
        <p className="muted data-grid__empty">{emptyText ?? grid.messages?.empty}</p>
      ) : (
        <GridTable
          columns={visible}
          records={records}
          keyField={keyField}
          editable={editable}
          rowHeight={withImages ? THUMBNAIL_ROW_HEIGHT : search ? 35 : 30}
          height={height}
          sort={sort}
          onRowClick={onRowClick}
          thumbnails={thumbnails}
          onThumbnailClick={setEnlarged}
          onSort={onSort}
          onReorder={onReorder}
          onSave={onSave}
          onSaved={onSaved}
          onPending={onPendingChange}
          hotRef={hotRef}
          onProgress={onProgress}
          onStale={onStale}
          onNotice={onNotice}
          onHint={setHint}
          apiRef={tableApi}
          failedText={failedText}
          filtered={filtered}
          onFilterOpen={source ? undefined : onFilterOpen}
          onRowOpen={openRow}
          linkField={linkField}
          rowHref={recordLink}
          onSelectionChange={onSelectionChange}
          frozen={frozenCount(visible)}
          onResize={onResize}
          onReadOnlyInput={readOnly ? onReadOnlyInput : undefined}
        />
      )}
      {effectiveMode === 'paged' && total !== undefined && totalPages !== undefined && !((emptyText ?? grid.messages?.empty) && total === 0) && (
        <Pager
          page={page}
          pageSize={pageSize}
          totalPages={totalPages}
          totalRecords={total}
          totalIsEstimate={totalIsEstimate}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
            onPageSizeChange?.(s);
          }}
        />
      )}
      {filterOpen &&
        (() => {
          const col = columns.find((c) => c.field === filterOpen.field);
          return col ? (
            <ColumnFilterPopover
              key={col.field}
              column={col}
              filter={columnFilters[col.field]}
              anchor={filterOpen.anchor}
              onApply={(f) => applyFilter(col.field, f)}
              onClose={closeFilter}
            />
          ) : null;
        })()}
      {cellHistory}
      <ColumnFinder columns={visible} onPick={pickColumn} onOpen={() => hotRef.current?.unlisten()} />
      {enlarged && thumbnails && (
        <ImagePopup
          title={String(enlarged[thumbnails.name] ?? grid.title)}
          url={thumbnailUrl(thumbnails, enlarged, ENLARGE_SIZE)}
          onClose={() => setEnlarged(null)}
        />
      )}
    </div>
  );
}
