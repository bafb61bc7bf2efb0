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
 * the grid document. Its parts: the column preferences and sort (use-column-prefs.ts), what the
 * toolbar says of saves and stale rows (use-grid-status.ts), the export (use-grid-export.ts), the
 * toolbar (DataGridToolbar.tsx), the Handsontable part (GridTable.tsx).
 *
 * @example <DataGrid gridId="costing" />            // editable flash-edit grid, all rows
 * @example <DataGrid gridId="colorway-search" search filters={{ BrandId: 2 }} />
 * @example <DataGrid gridId="roles" source={{ rows: data, error, loading: isLoading }} keyField="RoleId" recordLink={(r) => `/roleEdit/${r.RoleId}`} />
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { useSessionStore } from '../../auth/session-store';
import { recordKeyField } from '../fields/field-kind';
import { useEntitySchema, useGridDocument } from '../fields/schema-docs';
import { ColumnFinder } from './ColumnFinder';
import { frozenCount } from './column-prefs';
import { wrapMessage, type GridRecord } from './change-batch';
import { describeFilter, withColumnFilter, type ColumnFilter, type ColumnFilters } from './column-filters';
import { ColumnFilterPopover } from './ColumnFilterPopover';
import { gridColumns, isEditable, type GridColumn } from './columns';
import { saveGrid, searchKeys, type GridFilters } from './grid-api';
import { holdsRef } from './grid-permissions';
import { GridTable } from './GridTable';
import { openLinkInNewTab } from './new-tab-link';
import { Pager } from './Pager';
import { useGridRecords, type RowSource } from './use-grid-records';
import { IMAGE_FIELD, THUMBNAIL_ROW_HEIGHT, thumbnailUrl } from './thumbnail-cells';
import { ENLARGE_SIZE, ImagePopup } from './ImagePopup';
import { levelOf } from '../record/hierarchy';
import { useLiveRows } from './live-rows';
import { LiveRowsBar } from './LiveRowsBar';
import { useCellHistory } from './CellHistory';
import { useColumnPrefs, type ColumnState } from './use-column-prefs';
import { useGridExport } from './use-grid-export';
import { useGridStatus } from './use-grid-status';
import { DataGridToolbar } from './DataGridToolbar';

export type { RowSource } from './use-grid-records';
export type { ColumnState };

/** Said when the records cannot be loaded and the grid document names no text of its own. */
export const LOAD_ERROR = 'The records could not be loaded.';

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

  const [page, setPage] = useState(1);
  const firstPage = useCallback(() => setPage(1), []);
  const { prefs, prefsKnown, visible, hidden, chooserColumns, sort, onSort, onReorder, onMove, onToggle, onResize } = useColumnPrefs({
    userId: session?.userId ?? '',
    gridId,
    columns,
    columnState,
    onColumnStateChange,
    views: grid?.views,
    viewName: view ?? grid?.defaultView,
    onSorted: firstPage,
  });
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
  const saves = useGridStatus(gridId, keyField, records);

  const [filterOpen, setFilterOpen] = useState<{ field: string; anchor: DOMRect } | null>(null);
  const onFilterOpen = useCallback((field: string, anchor: DOMRect) => setFilterOpen({ field, anchor }), []);
  const closeFilter = useCallback(() => setFilterOpen(null), []);
  const ownHotRef = useRef<Handsontable | null>(null);
  const hotRef = outerHotRef ?? ownHotRef;
  // Issue 30: other people's saves come into the loaded rows as they happen (live-rows.ts).
  const readRows = useCallback((keys: number[]) => searchKeys(gridId, keyField, keys), [gridId, keyField]);
  const live = useLiveRows({
    entity: grid?.entity,
    keyField,
    records,
    columns: visible,
    hotRef,
    pending: saves.pending,
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

  const openRow = useMemo(() => onRowOpen ?? (recordLink ? (r: GridRecord) => void navigate(recordLink(r)) : undefined), [onRowOpen, recordLink, navigate]);
  const failedText = useMemo(() => wrapMessage(grid?.messages?.failedRow), [grid?.messages?.failedRow]);
  const onSave = useCallback((rows: Parameters<typeof saveGrid>[1], onChunk: Parameters<typeof saveGrid>[2]) => saveGrid(gridId, rows, onChunk), [gridId]);
  const filtered = useMemo(
    () => new Map(Object.entries(columnFilters).map(([f, v]) => [f, describeFilter(columns.find((c) => c.field === f) ?? { kind: 'text' }, v)])),
    [columnFilters, columns],
  );
  const applyFilter = useCallback((field: string, f: ColumnFilter | null) => {
    setColumnFilters((cf) => withColumnFilter(cf, field, f));
    setFilterOpen(null);
    setPage(1);
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
  const { exporting, exportAll } = useGridExport({ gridId, report, source, columnState, query, all, visible, hiddenFields: prefs.hidden, omitColumns });

  if (grid && schema && !canRead) return <Navigate to="/permissionDenied" replace />;
  if (gridError)
    return (
      <div className="alert alert--error" role="alert">
        This grid could not be loaded.
      </div>
    );
  if (!grid || !schema || !prefsKnown)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );

  return (
    <div className="data-grid" data-grid-id={gridId} onMouseDownCapture={openLinkInNewTab}>
      <DataGridToolbar
        readOnly={readOnly}
        chooser={{ columns: chooserColumns, hidden, onToggle, onMove }}
        exporting={exporting}
        onExport={exportAll}
        actions={toolbarActions}
        presenceTopic={!source && schema['x-tables'] ? `grid:${gridId}` : undefined}
        saves={saves}
        loading={loading}
        total={effectiveMode === 'all' ? total : undefined}
      />
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
          onSaved={saves.onSaved}
          onPending={saves.onPendingChange}
          hotRef={hotRef}
          onProgress={saves.onProgress}
          onStale={saves.onStale}
          onNotice={saves.onNotice}
          onHint={saves.setHint}
          apiRef={saves.tableApi}
          failedText={failedText}
          filtered={filtered}
          onFilterOpen={source ? undefined : onFilterOpen}
          onRowOpen={openRow}
          linkField={linkField}
          rowHref={recordLink}
          onSelectionChange={onSelectionChange}
          frozen={frozenCount(visible)}
          onResize={onResize}
          onReadOnlyInput={readOnly ? saves.onReadOnlyInput : undefined}
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
