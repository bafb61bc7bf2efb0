/**
 * /Search?searchModule=1..4&quickSearchText=… (SEARCH-001..023): the hierarchy search workbench.
 * Per module a criteria form (SchemaForm over schemas/layouts/search-<level>.layout.json), results
 * in DataGrid (65 px thumbnails enlarged to 600 px, click opens, Ctrl-click a new tab, Alt-click
 * the child-data modal, column show/hide/order and single sort, export of the visible columns in
 * order), saved searches (UserSearch, type 1), the leave-confirmation when the columns or sort
 * changed, and the mass upload (SEARCH-013..015). A module opens with its first page of results;
 * a quickSearchText in the address is its criterion (the nav bar's quick search sends users here). Deleted records' screens come here with their
 * module preselected (DECISIONS SHELL-027).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { DataGrid, type ColumnState } from '../../components/data-grid/DataGrid';
import type { GridRecord } from '../../components/data-grid/change-batch';
import { useEntitySchema, useGridDocument, useLayout } from '../../components/fields/schema-docs';
import { HIERARCHY, type HierarchyLevel } from '../../components/record/hierarchy';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { SavedSearches } from '../../components/saved-search/SavedSearches';
import type { SearchSnapshot } from '../../components/saved-search/saved-search-state';
import { TabList, tabPanelProps } from '../../components/tabs/TabList';
import { UploadButton } from '../../components/upload/UploadButton';
import { SEARCH_UPLOAD_KIND } from '../../components/upload/upload-kinds';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { ChildDataModal } from './ChildDataModal';
import { CHILD_LISTS } from './child-data';
import { columnsChanged, defaultCriteria, EMPTY_COLUMNS, NO_DATA, NO_DATA_MS, omittedColumns, searchFilters } from './search-criteria';
import './search.css';

/** SEARCH-007: default page size. */
const PAGE_SIZE = 50;
/** The status field is a plain choice of statuses here (no record, no transitions). */
/** A blank criterion matches every value: its choice reads "All" (not a reference field's "None"). */
const ALL = { placeholder: 'All' };
const CRITERIA_FIELDS = { StatusId: { widget: 'reference', ...ALL }, BrandId: ALL, SeasonId: ALL, DivisionKey: ALL, LinePlanId: ALL, ResponsibleId: ALL, GenderKey: ALL };

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const factory = useSessionStore((s) => !!s.session?.isFactoryUser);
  const levels = HIERARCHY.filter((h) => can(permissions, h.module, 'read'));
  const chosen = levels.find((h) => h.level === Number(params.get('searchModule'))) ?? levels[0];
  if (!chosen) return <PageHeader title="Search" subtitle="You may not read any hierarchy module." />;
  return (
    <>
      {/* SEARCH-013/014: mass upload of the module's records (read or edit of it), never for factory users. */}
      <PageHeader title="Search" actions={!factory && SEARCH_UPLOAD_KIND[chosen.entity] && (can(permissions, chosen.module, 'read') || can(permissions, chosen.module, 'edit')) && (
        <UploadButton key={chosen.entity} kind={SEARCH_UPLOAD_KIND[chosen.entity]} label={`Upload ${chosen.title.toLowerCase()}s`} />
      )} />
      <TabList idPrefix="search" label="Search module" tabs={levels.map((h) => ({ id: String(h.level), label: h.title }))} chosen={String(chosen.level)}
        onChoose={(level) => setParams({ searchModule: level })} />
      <div {...tabPanelProps('search', String(chosen.level))}>
        <SearchModule key={chosen.level} level={chosen} quickSearchText={params.get('quickSearchText')} onModule={(n) => setParams({ searchModule: String(n) })} />
      </div>
    </>
  );
}

interface Run { criteria: Record<string, unknown>; key: number }

function SearchModule({ level, quickSearchText, onModule }: { level: HierarchyLevel; quickSearchText: string | null; onModule: (n: number) => void }) {
  const navigate = useNavigate();
  const { data: schema } = useEntitySchema('search-criteria');
  const { data: layout } = useLayout(`search-${level.entity}`);
  const { data: grid } = useGridDocument(level.searchGrid);
  // The module opens with its first page of every record the user may see (or the address's quick search), parent levels included.
  const initial = () => ({ ...defaultCriteria(level.level), ...(quickSearchText ? { quickSearchText } : {}) });
  const [criteria, setCriteria] = useState<Record<string, unknown>>(initial);
  const [run, setRun] = useState<Run | null>(() => ({ criteria: initial(), key: 0 }));
  const [columns, setColumns] = useState<ColumnState>(EMPTY_COLUMNS);
  const [baseline, setBaseline] = useState<ColumnState>(EMPTY_COLUMNS);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  // A loaded search starts a new grid (its page size is the grid's initial one).
  const [loads, setLoads] = useState(0);
  const [empty, setEmpty] = useState(false);
  const [child, setChild] = useState<GridRecord | null>(null);
  // The grid gets the keyboard back when the child-data modal closes.
  const hotRef = useRef<Handsontable | null>(null);
  const closeChild = useCallback(() => { setChild(null); setTimeout(() => hotRef.current?.listen(), 0); }, []);
  useUnsavedChanges(columnsChanged(columns, baseline), 'search:columns');

  // A new quick search from the nav bar while here runs at once.
  const lastQuick = useRef(quickSearchText);
  useEffect(() => {
    if (quickSearchText === lastQuick.current) return;
    lastQuick.current = quickSearchText;
    const next = { ...defaultCriteria(level.level), ...(quickSearchText ? { quickSearchText } : {}) };
    setCriteria(next);
    setRun((r) => ({ criteria: next, key: (r?.key ?? 0) + 1 }));
  }, [quickSearchText, level.level]);

  const search = useCallback((data: Record<string, unknown>) => {
    setEmpty(false);
    setRun((r) => ({ criteria: { ...data }, key: (r?.key ?? 0) + 1 }));
  }, []);
  const filters = useMemo(() => (run ? searchFilters(run.criteria) : undefined), [run]);
  const omit = useMemo(() => omittedColumns(level.level, run?.criteria ?? criteria), [level.level, run, criteria]);

  const onLoaded = useCallback((total: number) => {
    if (total > 0) return setEmpty(false);
    setEmpty(true);
    toast.warning(NO_DATA, NO_DATA_MS);
  }, []);
  // Enter on a selected row opens it too (keyboard first).
  const recordLink = useCallback((r: Record<string, unknown>) => level.path(String(r[level.key])), [level]);
  const onRowClick = useCallback((r: GridRecord, e: Pick<MouseEvent, 'altKey' | 'ctrlKey' | 'metaKey'>) => {
    const path = level.path(String(r[level.key]));
    if (e.altKey) setChild(r); // SEARCH-004
    else if (e.ctrlKey || e.metaKey) window.open(path, '_blank', 'noopener'); // SEARCH-003
    else navigate(path); // SEARCH-002
  }, [level, navigate]);

  const snapshot = (): SearchSnapshot => {
    const shown = columns.order.length ? columns.order : (grid?.columns.map((c) => c.field) ?? []);
    return { searchModule: level.level, criteria: run?.criteria ?? criteria, hidden: columns.hidden, order: shown.filter((f) => !columns.hidden.includes(f) && !omit.includes(f)), sort: columns.sort, pageSize };
  };
  const load = (s: SearchSnapshot) => {
    const held: ColumnState = { hidden: s.hidden, order: s.order, sort: s.sort };
    setColumns(held);
    setBaseline(held);
    setPageSize(s.pageSize);
    setLoads((n) => n + 1);
    if (s.searchModule !== level.level) {
      // The other module's tab restores it (handed over in this tab's session storage).
      sessionStorage.setItem('plm.search.load', JSON.stringify(s));
      setTimeout(() => onModule(s.searchModule), 0);
      return;
    }
    setCriteria({ ...s.criteria });
    search(s.criteria);
  };
  // A saved search of this module loaded from another module's tab.
  useEffect(() => {
    const pending = sessionStorage.getItem('plm.search.load');
    if (!pending) return;
    sessionStorage.removeItem('plm.search.load');
    const s = JSON.parse(pending) as SearchSnapshot;
    if (s.searchModule === level.level) load(s);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Enter in a criteria text box searches (the form commits its fields on blur first).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (e.key !== 'Enter' || t.tagName !== 'INPUT' || t.getAttribute('role') === 'combobox' || t.getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    e.currentTarget.querySelector<HTMLButtonElement>('.schema-form__actions .btn--primary')?.click();
  };

  return (
    <div className="search-workbench">
      <div className="search-workbench__criteria" onKeyDown={onKeyDown}>
        {schema && layout ? (
          <SchemaForm schema={schema} layout={layout} formData={criteria} fields={CRITERIA_FIELDS} saveLabel="Search" trackUnsaved={false} dirtyKey={`search:criteria:${level.level}`}
            onSave={async (_changes, data) => { search(data); }}
            actions={<>
              {run && <button type="button" className="btn" onClick={() => setRun(null)}>Hide results</button>}
              <button type="button" className="btn" onClick={() => { setCriteria(defaultCriteria(level.level)); setRun(null); setEmpty(false); }}>Clear</button>
            </>} />
        ) : <span className="spinner" aria-label="Loading" />}
      </div>
      <SavedSearches searchType={1} snapshot={snapshot} onLoad={load} onSaved={(s) => setBaseline({ hidden: s.hidden, order: s.order, sort: s.sort })}
        moduleName={(n) => HIERARCHY.find((h) => h.level === n)?.title ?? String(n)} />
      {/* SEARCH-009: hiding the results unmounts the grid, so they come back at page 1. */}
      {run && filters && (
        <div className="search-workbench__results" hidden={empty} key={loads}>
          <DataGrid key={level.searchGrid} gridId={level.searchGrid} search filters={filters} reloadKey={run.key} pageSize={pageSize}
            columnState={columns} onColumnStateChange={setColumns} omitColumns={omit} onRowClick={onRowClick} recordLink={recordLink}
            onLoaded={onLoaded} onPageSizeChange={setPageSize} hotRef={hotRef} height="calc(100vh - 330px)" />
        </div>
      )}
      {child && CHILD_LISTS[level.level] && (
        <ChildDataModal list={CHILD_LISTS[level.level]} parentId={Number(child[level.key])} parentName={String(child[level.name] ?? '')} onClose={closeChild} />
      )}
    </div>
  );
}
