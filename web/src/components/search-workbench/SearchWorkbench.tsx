/**
 * One search workbench for every search screen (/Search's modules SEARCH-001..022, /criticalPath's
 * types CP-002..017): a criteria form (SchemaForm over a layout), results in DataGrid (click opens,
 * Ctrl-click a new tab, column show/hide/order and single sort, page sizes, export), saved searches
 * of the screen's type, the leave-confirmation when the columns or sort changed, "Hide results"
 * (the grid comes back at page 1) and Clear. A tab opens with its first page of results.
 *
 * @example <SearchWorkbench tab={2} searchType={2} criteriaEntity="critical-path-criteria" layoutId="critical-path-search-dev-prototype"
 *   gridId="critical-path-dev-prototype-search" rowPath={(r) => `/criticalPathDevPrototypeEdit/${r.CriticalPathDevPrototypeId}`} … />
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { DataGrid, type ColumnState } from '../data-grid/DataGrid';
import type { GridRecord } from '../data-grid/change-batch';
import { useEntitySchema, useGridDocument, useLayout } from '../fields/schema-docs';
import { SchemaForm, type FieldUi } from '../schema-form/SchemaForm';
import { SavedSearches } from '../saved-search/SavedSearches';
import type { SearchSnapshot } from '../saved-search/saved-search-state';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { columnsChanged, EMPTY_COLUMNS, NO_DATA, NO_DATA_MS, searchFilters } from './search-run';
import './search-workbench.css';

/** SEARCH-007, CP-011: default page size. */
const PAGE_SIZE = 50;

export interface SearchWorkbenchProps {
  /** The screen's tab (a /Search module, a critical path search type): kept in saved searches as searchModule. */
  tab: number;
  /** Saved-search type: 1 hierarchy (UserSearch), 2 critical path (UserSearchCP). */
  searchType: 1 | 2;
  criteriaEntity: string;
  layoutId: string;
  gridId: string;
  /** Field overrides of the criteria form (widgets, placeholders). */
  criteriaFields?: Record<string, FieldUi>;
  /** The criteria a tab opens with and Clear restores. */
  initialCriteria: () => Record<string, unknown>;
  /** Criteria from outside (the nav bar's quick search): a new key runs them at once. */
  restart?: { criteria: Record<string, unknown>; key: string } | null;
  /** Columns left out for these criteria (not shown, not offered, not exported). */
  omitColumns?: (criteria: Record<string, unknown>) => string[];
  /** The screen a row opens (click, Enter; Ctrl-click in a new tab). */
  rowPath: (record: GridRecord) => string;
  /** Alt-click on a row (SEARCH-004's child data). */
  onAltClick?: (record: GridRecord) => void;
  /** A saved search's tab name; loading one of another tab switches to it. */
  tabName: (tab: number) => string;
  onTab: (tab: number) => void;
  /** Buttons of the results' toolbar, given the selected rows. */
  toolbarActions?: (selected: GridRecord[]) => ReactNode;
  hotRef?: RefObject<Handsontable | null>;
  /** Whether results are shown: true once a search answers rows, false when it answers none or they are hidden or cleared. */
  onResults?: (shown: boolean) => void;
}

interface Run {
  criteria: Record<string, unknown>;
  key: number;
}

/** The tab's pending saved search, handed over from another tab in this browser tab's session storage. */
const pendingKey = (searchType: number) => `plm.search.load.${searchType}`;

export function SearchWorkbench({
  tab,
  searchType,
  criteriaEntity,
  layoutId,
  gridId,
  criteriaFields,
  initialCriteria,
  restart,
  omitColumns,
  rowPath,
  onAltClick,
  tabName,
  onTab,
  toolbarActions,
  hotRef,
  onResults,
}: SearchWorkbenchProps) {
  const navigate = useNavigate();
  const { data: schema } = useEntitySchema(criteriaEntity);
  const { data: layout } = useLayout(layoutId);
  const { data: grid } = useGridDocument(gridId);
  const [criteria, setCriteria] = useState<Record<string, unknown>>(() => ({ ...initialCriteria(), ...restart?.criteria }));
  const [run, setRun] = useState<Run | null>(() => ({ criteria: { ...initialCriteria(), ...restart?.criteria }, key: 0 }));
  const [columns, setColumns] = useState<ColumnState>(EMPTY_COLUMNS);
  const [baseline, setBaseline] = useState<ColumnState>(EMPTY_COLUMNS);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  // A loaded search starts a new grid (its page size is the grid's initial one).
  const [loads, setLoads] = useState(0);
  const [empty, setEmpty] = useState(false);
  const [selected, setSelected] = useState<GridRecord[]>([]);
  useUnsavedChanges(columnsChanged(columns, baseline), `search:columns:${searchType}`);

  const search = useCallback((data: Record<string, unknown>) => {
    setEmpty(false);
    setRun((r) => ({ criteria: { ...data }, key: (r?.key ?? 0) + 1 }));
  }, []);

  // New criteria from outside while here run at once.
  const lastRestart = useRef(restart?.key);
  useEffect(() => {
    if (!restart || restart.key === lastRestart.current) return;
    lastRestart.current = restart.key;
    const next = { ...initialCriteria(), ...restart.criteria };
    setCriteria(next);
    search(next);
  }, [restart, initialCriteria, search]);

  const filters = useMemo(() => (run ? searchFilters(run.criteria) : undefined), [run]);
  const omit = useMemo(() => omitColumns?.(run?.criteria ?? criteria) ?? [], [omitColumns, run, criteria]);

  const onLoaded = useCallback(
    (total: number) => {
      onResults?.(total > 0);
      if (total > 0) return setEmpty(false);
      setEmpty(true);
      toast.warning(NO_DATA, NO_DATA_MS);
    },
    [onResults],
  );
  const hide = () => {
    setRun(null);
    onResults?.(false);
  };
  const recordLink = useCallback((r: Record<string, unknown>) => rowPath(r as GridRecord), [rowPath]);
  const onRowClick = useCallback(
    (r: GridRecord, e: Pick<MouseEvent, 'altKey' | 'ctrlKey' | 'metaKey'>) => {
      const path = rowPath(r);
      if (e.altKey && onAltClick) onAltClick(r);
      else if (e.ctrlKey || e.metaKey) window.open(path, '_blank', 'noopener');
      else navigate(path);
    },
    [rowPath, onAltClick, navigate],
  );

  const snapshot = (): SearchSnapshot => {
    const shown = columns.order.length ? columns.order : (grid?.columns.map((c) => c.field) ?? []);
    return {
      searchModule: tab,
      criteria: run?.criteria ?? criteria,
      hidden: columns.hidden,
      order: shown.filter((f) => !columns.hidden.includes(f) && !omit.includes(f)),
      sort: columns.sort,
      pageSize,
    };
  };
  const load = (s: SearchSnapshot) => {
    const held: ColumnState = { hidden: s.hidden, order: s.order, sort: s.sort };
    setColumns(held);
    setBaseline(held);
    setPageSize(s.pageSize);
    setLoads((n) => n + 1);
    if (s.searchModule !== tab) {
      sessionStorage.setItem(pendingKey(searchType), JSON.stringify(s));
      setTimeout(() => onTab(s.searchModule), 0);
      return;
    }
    setCriteria({ ...s.criteria });
    search(s.criteria);
  };
  // A saved search of this tab loaded from another tab: taken once, when the tab mounts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run on mount only (load, tab and searchType are read as they are then)
  useEffect(() => {
    const pending = sessionStorage.getItem(pendingKey(searchType));
    if (!pending) return;
    sessionStorage.removeItem(pendingKey(searchType));
    const s = JSON.parse(pending) as SearchSnapshot;
    if (s.searchModule === tab) load(s);
  }, []);

  // Enter in a criteria text box searches (the form commits its fields on blur first).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (e.key !== 'Enter' || t.tagName !== 'INPUT' || t.getAttribute('role') === 'combobox' || t.getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    e.currentTarget.querySelector<HTMLButtonElement>('.schema-form__actions .btn--primary')?.click();
  };

  return (
    <div className="search-workbench">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: listens to the Enter key bubbling from the criteria inputs; the box itself takes no focus */}
      <div className="search-workbench__criteria" onKeyDown={onKeyDown}>
        {schema && layout ? (
          <SchemaForm
            schema={schema}
            layout={layout}
            formData={criteria}
            fields={criteriaFields}
            saveLabel="Search"
            criteria
            trackUnsaved={false}
            dirtyKey={`search:criteria:${searchType}:${tab}`}
            onSave={async (_changes, data) => {
              search(data);
            }}
            actions={
              <>
                {run && (
                  <button type="button" className="btn" onClick={hide}>
                    Hide results
                  </button>
                )}
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    setCriteria(initialCriteria());
                    hide();
                    setEmpty(false);
                  }}
                >
                  Clear
                </button>
              </>
            }
          />
        ) : (
          <span className="spinner" role="status" aria-label="Loading" />
        )}
      </div>
      <SavedSearches
        searchType={searchType}
        snapshot={snapshot}
        onLoad={load}
        onSaved={(s) => setBaseline({ hidden: s.hidden, order: s.order, sort: s.sort })}
        moduleName={tabName}
      />
      {/* SEARCH-009, CP-010: hiding the results unmounts the grid, so they come back at page 1. */}
      {run && filters && (
        <div className="search-workbench__results" hidden={empty} key={loads}>
          <DataGrid
            key={gridId}
            gridId={gridId}
            search
            filters={filters}
            reloadKey={run.key}
            pageSize={pageSize}
            columnState={columns}
            onColumnStateChange={setColumns}
            omitColumns={omit}
            onRowClick={onRowClick}
            recordLink={recordLink}
            onLoaded={onLoaded}
            onPageSizeChange={setPageSize}
            hotRef={hotRef}
            height="calc(100vh - 330px)"
            onSelectionChange={toolbarActions ? setSelected : undefined}
            toolbarActions={toolbarActions?.(selected)}
          />
        </div>
      )}
    </div>
  );
}
