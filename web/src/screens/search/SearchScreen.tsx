/**
 * /Search?searchModule=1..4 (SEARCH-001/002): the four hierarchy modules, each a search grid;
 * a row opens its record. Deleted records' screens come here with their module preselected
 * (DECISIONS SHELL-027).
 */
import { useSearchParams } from 'react-router-dom';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { HIERARCHY } from '../../components/record/hierarchy';
import { UploadButton } from '../../components/upload/UploadButton';
import { SEARCH_UPLOAD_KIND } from '../../components/upload/upload-kinds';
import { TabList, tabPanelProps } from '../../components/tabs/TabList';
import { PageHeader } from '../../shell/PageHeader';

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
        <DataGrid key={chosen.searchGrid} gridId={chosen.searchGrid} search recordLink={(r) => chosen.path(String(r[chosen.key]))} />
      </div>
    </>
  );
}
