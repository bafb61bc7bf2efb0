/** /roles (ADMIN-018): the role list in the 'roles' grid (rows of GET /api/Role); a row opens /roleEdit/{roleId}. */
import { Link } from 'react-router-dom';
import { useCan } from '../../../auth/useCan';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { useRoles } from '../common/useRoles';
import '../common/admin.css';

const roleLink = (r: Record<string, unknown>) => `/roleEdit/${String(r.RoleId)}`;

export function RolesScreen() {
  const canCreate = useCan('roles', 'create');
  const { data, error, isLoading } = useRoles();
  return (
    <>
      <PageHeader
        title="Roles"
        subtitle="Permission sets assigned to users."
        actions={
          canCreate && (
            <Link className="btn btn--small btn--primary" to="/roleEdit/0">
              Add role
            </Link>
          )
        }
      />
      {error && <FormAlert messages={['There was an error while retrieving role data. Please contact system administrator']} />}
      {!error && (
        <DataGrid
          gridId="roles"
          source={{ rows: data, loading: isLoading }}
          keyField="RoleId"
          linkField="RoleName"
          recordLink={roleLink}
          emptyText="No roles found"
          reportName="Roles"
          pageSize={50}
          height="calc(100vh - 260px)"
        />
      )}
    </>
  );
}
