/**
 * /Search?searchModule=1..4&quickSearchText=… (SEARCH-001..023): the hierarchy search workbench.
 * Per module a criteria form (SchemaForm over schemas/layouts/search-<level>.layout.json), results
 * in DataGrid (65 px thumbnails enlarged to 600 px, click opens, Ctrl-click a new tab, Alt-click
 * the child-data modal, column show/hide/order and single sort, export of the visible columns in
 * order), saved searches (UserSearch, type 1), the leave-confirmation when the columns or sort
 * changed, and the mass upload (SEARCH-013..015; a factory user once results are shown, DECISIONS SEARCH-014). A module opens with its first page of results;
 * a quickSearchText in the address is its criterion (the nav bar's quick search sends users here). Deleted records' screens come here with their
 * module preselected (DECISIONS SHELL-027).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type Handsontable from 'handsontable/base';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import type { GridRecord } from '../../components/data-grid/change-batch';
import { HIERARCHY, type HierarchyLevel } from '../../components/record/hierarchy';
import { SearchWorkbench } from '../../components/search-workbench/SearchWorkbench';
import { TabList, tabPanelProps } from '../../components/tabs/TabList';
import { UploadButton } from '../../components/upload/UploadButton';
import { SEARCH_UPLOAD_KIND } from '../../components/upload/upload-kinds';
import { PageHeader } from '../../shell/PageHeader';
import { ChildDataModal } from './ChildDataModal';
import { CHILD_LISTS } from './child-data';
import { defaultCriteria, omittedColumns } from './search-criteria';
import './search.css';

/** The status field is a plain choice of statuses here (no record, no transitions). A blank criterion matches every value: its choice reads "All" (not a reference field's "None"). */
const ALL = { placeholder: 'All' };
const CRITERIA_FIELDS = {
  StatusId: { widget: 'reference', ...ALL },
  BrandId: ALL,
  SeasonId: ALL,
  DivisionKey: ALL,
  LinePlanId: ALL,
  ResponsibleId: ALL,
  GenderKey: ALL,
};

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const factory = useSessionStore((s) => !!s.session?.isFactoryUser);
  const levels = HIERARCHY.filter((h) => can(permissions, h.module, 'read'));
  const chosen = levels.find((h) => h.level === Number(params.get('searchModule'))) ?? levels[0];
  // The module whose results are shown (DECISIONS SEARCH-014: a factory user's upload waits for them).
  const [shownFor, setShownFor] = useState<number | null>(null);
  const onResults = useCallback((level: number, shown: boolean) => setShownFor((s) => (shown ? level : s === level ? null : s)), []);
  if (!chosen) return <PageHeader title="Search" subtitle="You may not read any hierarchy module." />;
  const offered = !factory || shownFor === chosen.level;
  return (
    <>
      {/* SEARCH-013/014: mass upload of the module's records (read or edit of it); factory users once results are shown (DECISIONS SEARCH-014). */}
      <PageHeader
        title="Search"
        actions={
          offered &&
          SEARCH_UPLOAD_KIND[chosen.entity] &&
          (can(permissions, chosen.module, 'read') || can(permissions, chosen.module, 'edit')) && (
            <UploadButton key={chosen.entity} kind={SEARCH_UPLOAD_KIND[chosen.entity]} label={`Upload ${chosen.title.toLowerCase()}s`} />
          )
        }
      />
      <TabList
        idPrefix="search"
        label="Search module"
        tabs={levels.map((h) => ({ id: String(h.level), label: h.title }))}
        chosen={String(chosen.level)}
        onChoose={(level) => setParams({ searchModule: level })}
      />
      <div {...tabPanelProps('search', String(chosen.level))}>
        <SearchModule
          key={chosen.level}
          level={chosen}
          quickSearchText={params.get('quickSearchText')}
          onModule={(n) => setParams({ searchModule: String(n) })}
          onResults={onResults}
        />
      </div>
    </>
  );
}

function SearchModule({
  level,
  quickSearchText,
  onModule,
  onResults,
}: {
  level: HierarchyLevel;
  quickSearchText: string | null;
  onModule: (n: number) => void;
  onResults: (level: number, shown: boolean) => void;
}) {
  const [child, setChild] = useState<GridRecord | null>(null);
  // The grid gets the keyboard back when the child-data modal closes.
  const hotRef = useRef<Handsontable | null>(null);
  const closeChild = useCallback(() => {
    setChild(null);
    setTimeout(() => hotRef.current?.listen(), 0);
  }, []);
  // The module opens with its first page of every record the user may see (or the address's quick search), parent levels included.
  const initialCriteria = useCallback(() => defaultCriteria(level.level), [level.level]);
  const restart = useMemo(() => ({ criteria: quickSearchText ? { quickSearchText } : {}, key: quickSearchText ?? '' }), [quickSearchText]);
  const omit = useCallback((criteria: Record<string, unknown>) => omittedColumns(level.level, criteria), [level.level]);
  const rowPath = useCallback((r: GridRecord) => level.path(String(r[level.key])), [level]);
  const shown = useCallback((s: boolean) => onResults(level.level, s), [onResults, level.level]);
  return (
    <>
      <SearchWorkbench
        tab={level.level}
        searchType={1}
        criteriaEntity="search-criteria"
        layoutId={`search-${level.entity}`}
        gridId={level.searchGrid}
        criteriaFields={CRITERIA_FIELDS}
        initialCriteria={initialCriteria}
        restart={restart}
        omitColumns={omit}
        rowPath={rowPath}
        onAltClick={CHILD_LISTS[level.level] ? setChild : undefined}
        hotRef={hotRef}
        onTab={onModule}
        tabName={(n) => HIERARCHY.find((h) => h.level === n)?.title ?? String(n)}
        onResults={shown}
      />
      {child && CHILD_LISTS[level.level] && (
        <ChildDataModal list={CHILD_LISTS[level.level]} parentId={Number(child[level.key])} parentName={String(child[level.name] ?? '')} onClose={closeChild} />
      )}
    </>
  );
}
