/**
 * /userAccessReport (ADMIN-004/005): each user with brands and the role's module permissions in
 * the 'user-access-report' grid (rows of GET /api/User/UserAccessReport; the module columns come
 * from the answer); a row opens the user editor.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { withQuery } from '../../../api/http';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { useDebounced } from '../common/useDebounced';
import { useRoles } from '../common/useRoles';
import { moduleColumns, reportRows, type AccessReport } from './access-report-rows';
import { ROLE_FILTER_MS, TEXT_FILTER_MS } from './UsersScreen';
import '../common/admin.css';
import { ChoiceField } from '../../../components/fields/ChoiceField';

/** Every user of the filter at once (the server's page cap); the grid pages them. */
const ALL = 9999;
const userLink = (r: Record<string, unknown>) => `/userEdit/${String(r.UserId)}`;

export function UserAccessReportScreen() {
  const { data: roles } = useRoles();
  const [text, setText] = useState('');
  const [roleId, setRoleId] = useState(0);
  const [inactive, setInactive] = useState(false);
  const q = useDebounced(text.trim(), TEXT_FILTER_MS);
  const role = useDebounced(roleId, ROLE_FILTER_MS);
  const { data, error, isLoading } = useSWR<AccessReport>(
    withQuery('/api/User/UserAccessReport', {
      pageNumber: 1,
      pageSize: ALL,
      roleId: role || undefined,
      searchText: q || undefined,
      IncludeInactive: inactive || undefined,
    }),
    { keepPreviousData: true },
  );
  const rows = useMemo(() => (data ? reportRows(data) : undefined), [data]);
  const extra = useMemo(() => (data ? moduleColumns(data) : []), [data]);
  return (
    <>
      <PageHeader title="User Access Report" subtitle="Brands and module permissions per user (R read, E edit, C create, S status, D delete…)." />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="uar-q">Search</label>
          <input id="uar-q" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <ChoiceField
          id="uar-role"
          label="Role"
          value={roleId || null}
          choices={roles?.map((r) => ({ value: r.RoleId, label: r.RoleName }))}
          blank="All roles"
          onChange={(v) => setRoleId(v ?? 0)}
        />
        <label className="field--check">
          <input type="checkbox" checked={inactive} onChange={(e) => setInactive(e.target.checked)} /> Include inactive
        </label>
        <span className="spacer" />
        {isLoading && (
          <span className="with-spinner">
            <span className="spinner" aria-hidden="true" /> Loading…
          </span>
        )}
        {data && <span className="muted">{data.Users.TotalRecords} users</span>}
      </div>
      {error && <FormAlert messages={['There was an error while retrieving user data. Please contact system administrator']} />}
      {!error && (
        <DataGrid
          gridId="user-access-report"
          source={{ rows, loading: isLoading }}
          keyField="UserId"
          linkField="UserName"
          recordLink={userLink}
          extraColumns={extra}
          emptyText="No Users Found"
          reportName="User Access Report"
          pageSize={50}
          height="calc(100vh - 300px)"
        />
      )}
    </>
  );
}
