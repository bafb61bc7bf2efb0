/**
 * /userAccessReport (ADMIN-004/005): each user with brands and the role's module permissions; a
 * row opens the user editor. Brand and permission columns come from the answer, so this is a
 * table of its own rather than a grid document.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { withQuery } from '../../../api/http';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { useDebounced } from '../common/useDebounced';
import { useRoles } from '../common/useRoles';
import { ROLE_FILTER_MS, TEXT_FILTER_MS } from './UsersScreen';
import '../common/admin.css';

interface ReportUser { UserId: number; UserName: string; FirstName: string; LastName: string; IsActive: boolean; RoleName: string | null;
  Brands: { BrandId: number; BrandName: string }[]; ModulePermissions: { ModuleId: number; ActionId: number }[] }
interface Report { Users: { Results: ReportUser[]; TotalRecords: number; TotalPageCount: number };
  AllBrands: { BrandId: number; BrandName: string }[]; AllModulePermissions: { ModuleId: number; ModuleName: string; ActionId: number; ActionName: string }[] }

const PAGE = 50;

export function UserAccessReportScreen() {
  const navigate = useNavigate();
  const { data: roles } = useRoles();
  const [text, setText] = useState('');
  const [roleId, setRoleId] = useState(0);
  const [inactive, setInactive] = useState(false);
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), TEXT_FILTER_MS);
  const role = useDebounced(roleId, ROLE_FILTER_MS);
  const { data, error, isLoading } = useSWR<Report>(withQuery('/api/User/UserAccessReport',
    { pageNumber: page, pageSize: PAGE, roleId: role || undefined, searchText: q || undefined, IncludeInactive: inactive || undefined }), { keepPreviousData: true });
  const modules = [...new Map((data?.AllModulePermissions ?? []).map((p) => [p.ModuleId, p.ModuleName])).entries()];
  const actionsOf = (u: ReportUser, m: number) => (data?.AllModulePermissions ?? [])
    .filter((p) => p.ModuleId === m && u.ModulePermissions.some((x) => x.ModuleId === m && x.ActionId === p.ActionId)).map((p) => p.ActionName[0].toUpperCase()).join('');
  return (
    <>
      <PageHeader title="User Access Report" subtitle="Brands and module permissions per user (R read, E edit, C create, S status, D delete…)." />
      <div className="toolbar">
        <div className="field"><label htmlFor="uar-q">Search</label><input id="uar-q" type="search" value={text} onChange={(e) => { setText(e.target.value); setPage(1); }} /></div>
        <div className="field"><label htmlFor="uar-role">Role</label>
          <select id="uar-role" value={roleId} onChange={(e) => { setRoleId(Number(e.target.value)); setPage(1); }}>
            <option value={0}>All roles</option>{roles?.map((r) => <option key={r.RoleId} value={r.RoleId}>{r.RoleName}</option>)}
          </select></div>
        <label className="field--check"><input type="checkbox" checked={inactive} onChange={(e) => setInactive(e.target.checked)} /> Include inactive</label>
        <span className="spacer" />
        {isLoading && <span className="with-spinner"><span className="spinner" /> Loading…</span>}
        {data && <span className="muted">{data.Users.TotalRecords} users</span>}
      </div>
      {error && <FormAlert messages={['There was an error while retrieving user data. Please contact system administrator']} />}
      {data && !data.Users.Results.length && <p className="muted">No Users Found</p>}
      {data && data.Users.Results.length > 0 && (
        <div className="table-scroll">
          <table className="table table--dense">
            <thead><tr><th>User</th><th>Name</th><th>Role</th><th>Active</th><th>Brands</th>
              {modules.map(([id, name]) => <th key={id} title={name}>{name.length > 12 ? `${name.slice(0, 11)}…` : name}</th>)}</tr></thead>
            <tbody>
              {data.Users.Results.map((u) => (
                <tr key={u.UserId} className="clickable" tabIndex={0} onClick={() => void navigate(`/userEdit/${u.UserId}`)}
                  onKeyDown={(e) => e.key === 'Enter' && void navigate(`/userEdit/${u.UserId}`)}>
                  <td>{u.UserName}</td><td>{u.FirstName} {u.LastName}</td><td>{u.RoleName ?? <span className="muted">No role assigned to this user</span>}</td>
                  <td>{u.IsActive ? 'Yes' : 'No'}</td>
                  <td title={u.Brands.map((b) => b.BrandName).join(', ')}>{u.Brands.length === data.AllBrands.length ? 'All' : u.Brands.map((b) => b.BrandName).join(', ')}</td>
                  {modules.map(([id]) => <td key={id} className="mono">{actionsOf(u, id)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.Users.TotalPageCount > 1 && (
        <div className="toolbar" style={{ marginTop: 8 }}>
          <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span className="muted">Page {page} of {data.Users.TotalPageCount}</span>
          <button type="button" className="btn btn--small" disabled={page >= data.Users.TotalPageCount} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
    </>
  );
}
