/**
 * /users (ADMIN-001..003): the user grid with a text filter (250 ms), a role filter applied after
 * 1500 ms, inactive users on request, export and a row that opens the editor.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../../../auth/useCan';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import type { GridFilters } from '../../../components/data-grid/grid-api';
import { PageHeader } from '../../../shell/PageHeader';
import { useDebounced } from '../common/useDebounced';
import { useRoles } from '../common/useRoles';
import '../common/admin.css';
import { ChoiceField } from '../../../components/fields/ChoiceField';

/** ADMIN-003 / CONST-011. */
export const TEXT_FILTER_MS = 250;
export const ROLE_FILTER_MS = 1500;
/** ADMIN-002: the user grid's page size. */
export const USERS_PAGE_SIZE = 15;

export function UsersScreen() {
  const canCreate = useCan('users', 'create');
  const { data: roles } = useRoles();
  const [text, setText] = useState('');
  const [roleId, setRoleId] = useState(0);
  const [inactive, setInactive] = useState(false);
  const searchText = useDebounced(text.trim(), TEXT_FILTER_MS);
  const role = useDebounced(roleId, ROLE_FILTER_MS);
  // The generic grid search takes these as extra filters (see the report: not yet applied server-side).
  const filters = { searchText: searchText || undefined, RoleId: role || undefined, IncludeInactive: inactive || undefined } as GridFilters;
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Accounts, roles and brand assignments."
        actions={
          <>
            <Link className="btn btn--small" to="/userAccessReport">
              Access report
            </Link>
            {canCreate && (
              <Link className="btn btn--small btn--primary" to="/userEdit/0">
                Add user
              </Link>
            )}
          </>
        }
      />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="users-q">Search</label>
          <input id="users-q" type="search" value={text} placeholder="Name or user name" onChange={(e) => setText(e.target.value)} />
        </div>
        <ChoiceField
          id="users-role"
          label="Role"
          value={roleId || null}
          choices={roles?.map((r) => ({ value: r.RoleId, label: r.RoleName }))}
          blank="All roles"
          onChange={(v) => setRoleId(v ?? 0)}
        />
        <label className="field--check">
          <input type="checkbox" checked={inactive} onChange={(e) => setInactive(e.target.checked)} /> Include inactive
        </label>
      </div>
      <DataGrid
        gridId="users"
        mode="paged"
        pageSize={USERS_PAGE_SIZE}
        filters={filters}
        reportName="Users"
        height="calc(100vh - 290px)"
        recordLink={(r) => `/userEdit/${String(r.UserId)}`}
      />
    </>
  );
}
