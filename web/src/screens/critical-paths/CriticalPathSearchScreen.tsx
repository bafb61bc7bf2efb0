/**
 * /criticalPath?searchType=1|2|3 (CP-002..017): the critical path search, one tab per kind the user
 * may read (PERM-014). Each tab: its criteria (CP-004/005), its result grid (CP-006/007: preset
 * widths, show/hide/reorder/sort, page sizes 15–100, rows 35 px), a row opens the path's edit
 * screen (Ctrl-click a new tab, CP-003), the user's default brand and season as the first criteria
 * (CP-004; a factory user's criteria lack the factory ones: schemas/visibility/critical-path-criteria),
 * Excel export of every result (the grid's Export), a PDF
 * index report of the selected rows (CP-013, CP-050) and saved searches as UserSearchCP (CP-014..017).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can, type ModuleKey } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import type { GridRecord } from '../../components/data-grid/change-batch';
import { SearchWorkbench } from '../../components/search-workbench/SearchWorkbench';
import { TabList, tabPanelProps } from '../../components/tabs/TabList';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { downloadReport } from './shared';
import { countOf } from '../../format/count';

export interface CriticalPathSearchType {
  type: 1 | 2 | 3;
  /** CP-014: the saved search's type name. */
  title: string;
  module: ModuleKey;
  kind: 'dev-pattern' | 'dev-prototype' | 'commercialization';
  key: string;
  path: (r: GridRecord) => string;
}

export const CRITICAL_PATH_SEARCH_TYPES: readonly CriticalPathSearchType[] = [
  {
    type: 1,
    title: 'Pattern',
    module: 'criticalPathDevPattern',
    kind: 'dev-pattern',
    key: 'CriticalPathDevPatternId',
    path: (r) => `/criticalPathDevPatternEdit/${r.PatternSeasonalId}`,
  },
  {
    type: 2,
    title: 'Prototype',
    module: 'criticalPathDevPrototype',
    kind: 'dev-prototype',
    key: 'CriticalPathDevPrototypeId',
    path: (r) => `/criticalPathDevPrototypeEdit/${r.CriticalPathDevPrototypeId}/${r.PrototypeSeasonalId}`,
  },
  {
    type: 3,
    title: 'Commercialization',
    module: 'criticalPathCommercialization',
    kind: 'commercialization',
    key: 'CriticalPathCommercializationId',
    path: (r) => `/criticalPathCommercializationEdit/${r.CriticalPathCommercializationId}`,
  },
];

/** CP-050: at most this many paths in one index report. */
const INDEX_REPORT_MAX = 500;
/** A blank criterion matches every value. */
const ALL = { placeholder: 'All' };
const CRITERIA_FIELDS = { BrandId: ALL, SeasonId: ALL, CriticalPathHeaderStatusId: ALL, CntryOrgKey: ALL, GenderKey: ALL, ProductLine: ALL, DivisionKey: ALL };

export function CriticalPathSearchScreen() {
  const [params, setParams] = useSearchParams();
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const types = CRITICAL_PATH_SEARCH_TYPES.filter((t) => can(permissions, t.module, 'read'));
  const chosen = types.find((t) => t.type === Number(params.get('searchType'))) ?? types[0];
  const onTab = useCallback((n: number) => setParams({ searchType: String(n) }), [setParams]);
  if (!chosen) return <PageHeader title="Critical Paths" subtitle="You may not read any kind of critical path." />;
  return (
    <>
      <PageHeader title="Critical Paths" />
      <TabList
        idPrefix="cp-search"
        label="Critical path type"
        tabs={types.map((t) => ({ id: String(t.type), label: t.title }))}
        chosen={String(chosen.type)}
        onChoose={(t) => onTab(Number(t))}
      />
      <div {...tabPanelProps('cp-search', String(chosen.type))}>
        <TypeSearch key={chosen.type} type={chosen} onTab={onTab} />
      </div>
    </>
  );
}

function TypeSearch({ type, onTab }: { type: CriticalPathSearchType; onTab: (n: number) => void }) {
  // CP-004: the criteria start from the user's default brand and season (their profile); Clear comes back to them.
  const brandId = useSessionStore((s) => s.session?.defaultBrandId ?? null);
  const seasonId = useSessionStore((s) => s.session?.defaultSeasonId ?? null);
  const initialCriteria = useCallback(() => (brandId ? { BrandId: brandId, ...(seasonId ? { SeasonId: seasonId } : {}) } : {}), [brandId, seasonId]);
  const actions = useMemo(
    () => (selected: GridRecord[]) => (
      <button
        type="button"
        className="btn btn--small"
        disabled={!selected.length}
        title={
          selected.length ? `A PDF with the ${countOf(selected.length, 'selected critical path')}` : 'Select the rows first: Shift+click or Shift+arrow keys'
        }
        onClick={() => {
          if (selected.length > INDEX_REPORT_MAX) return toast.warning(`Select at most ${INDEX_REPORT_MAX} critical paths for one report.`);
          void downloadReport(
            '/api/Report/CriticalPathIndexReport',
            { json: { SearchType: type.type, Ids: selected.map((r) => Number(r[type.key])) } },
            `CriticalPathIndex-${type.title}.pdf`,
          );
        }}
      >
        Report (PDF){selected.length ? ` · ${selected.length}` : ''}
      </button>
    ),
    [type],
  );
  return (
    <SearchWorkbench
      tab={type.type}
      searchType={2}
      criteriaEntity="critical-path-criteria"
      layoutId={`critical-path-search-${type.kind}`}
      gridId={`critical-path-${type.kind}-search`}
      criteriaFields={CRITERIA_FIELDS}
      initialCriteria={initialCriteria}
      rowPath={type.path}
      tabName={(n) => CRITICAL_PATH_SEARCH_TYPES.find((t) => t.type === n)?.title ?? String(n)}
      onTab={onTab}
      toolbarActions={actions}
    />
  );
}
