/** /linePlanList (LP-001, LP-031): the line plan search grid, 50 rows a page; a row opens /linePlan/{id}. */
import { Link } from 'react-router-dom';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { PageHeader } from '../../shell/PageHeader';

/** LP-031 */
export const LINE_PLAN_PAGE_SIZE = 50;

export function LinePlanListScreen() {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  return (
    <>
      <PageHeader
        title="Line Plans"
        actions={
          can(permissions, 'linePlan', 'create') ? (
            <Link className="btn btn--small btn--primary" to="/linePlanCreate">
              Create Line Plan
            </Link>
          ) : undefined
        }
      />
      <DataGrid
        gridId="line-plan-search"
        search
        pageSize={LINE_PLAN_PAGE_SIZE}
        linkField="LinePlanName"
        recordLink={(r) => `/linePlan/${String(r.LinePlanId)}`}
        emptyText="No Line Plans Found"
      />
    </>
  );
}
