/** /roles (ADMIN-018): the role list; a row opens /roleEdit/{roleId}. */
import { Link, useNavigate } from 'react-router-dom';
import { useCan } from '../../../auth/useCan';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { useRoles } from '../common/useRoles';
import '../common/admin.css';

export function RolesScreen() {
  const navigate = useNavigate();
  const canCreate = useCan('roles', 'create');
  const { data, error } = useRoles();
  return (
    <>
      <PageHeader title="Roles" subtitle="Permission sets assigned to users."
        actions={canCreate && <Link className="btn btn--small btn--primary" to="/roleEdit/0">Add role</Link>} />
      {error && <FormAlert messages={['There was an error while retrieving role data. Please contact system administrator']} />}
      {data && !data.length && <p className="muted">No roles found</p>}
      {data && data.length > 0 && (
        <div className="table-scroll">
          <table className="table table--dense" aria-label="Roles">
            <thead><tr><th>Role</th><th>Active</th><th className="num">Active users</th></tr></thead>
            <tbody>
              {data.map((r) => (
                <tr key={r.RoleId} className="clickable" tabIndex={0} onClick={() => void navigate(`/roleEdit/${r.RoleId}`)}
                  onKeyDown={(e) => e.key === 'Enter' && void navigate(`/roleEdit/${r.RoleId}`)}>
                  <td>{r.RoleName}</td><td>{r.IsActive ? 'Yes' : 'No'}</td><td className="num">{r.ActiveUsers ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
