/**
 * /roleEdit/{roleId} (ADMIN-018..022) through the shared SchemaForm: the role entity with
 * schemas/layouts/role.layout.json; name, active flag and the modules × actions matrix (the
 * entity's Permissions pairs, edited by this screen's PermissionMatrixWidget plugged into the
 * form's registry). The name is checked with CheckRoleName before the save
 * ('A role with this name already exists.', shown under the name).
 */
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import { ApiError, apiFetch } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useCan } from '../../../auth/useCan';
import { useEntitySchema, useLayout } from '../../../components/fields/schema-docs';
import type { SchemaFormContext } from '../../../components/schema-form/form-context';
import { SchemaForm, type FieldUi, type SaveOutcome } from '../../../components/schema-form/SchemaForm';
import { FormAlert } from '../../../forms/FormAlert';
import { NotFoundState } from '../../system/NotFoundState';
import { PageHeader } from '../../../shell/PageHeader';
import { usePageTitle } from '../../../shell/page-title-store';
import { toast } from '../../../shell/toast-store';
import { createdMessage } from '../../../components/record/create-form';
import { postJson, type Answer } from '../common/api';
import { ACTIONS, keysOfPairs, MODULES, pairKey, pairsOfAssignment, pairsOfKeys, toggleModule, toPairs } from './permission-matrix';
import '../common/admin.css';

interface Role {
  RoleId: number;
  RoleName: string;
  IsActive: boolean;
  RowVersion: number;
  PermissionAssignment: { ModuleId: number; ActionId: number }[];
}

export const ROLE_NAME_EXISTS = 'A role with this name already exists.';
const ROLE_ERROR = 'There was an error while retrieving role data. Please contact system administrator';

/** The Permissions field: modules × actions, a module offering only its own actions (ADMIN-019). */
function PermissionMatrixWidget(props: WidgetProps) {
  const keys = keysOfPairs((Array.isArray(props.value) ? props.value : []) as string[][]);
  const disabled = props.disabled || props.readonly;
  const set = (next: Set<string>) => {
    (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
    props.onChange(pairsOfKeys(next));
  };
  const flip = (k: string) => {
    const n = new Set(keys);
    if (n.has(k)) n.delete(k);
    else n.add(k);
    set(n);
  };
  return (
    <div className="table-scroll" id={props.id}>
      <p className="muted">{keys.size} permissions</p>
      <table className="table table--dense matrix" aria-label="Permissions">
        <thead>
          <tr>
            <th>Module</th>
            {ACTIONS.map((a) => (
              <th key={a.id}>{a.name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MODULES.map((m) => (
            <tr key={m.id}>
              <td>
                <button
                  type="button"
                  className="linklike"
                  title="Toggle every action of this module"
                  disabled={disabled}
                  onClick={() => set(toggleModule(keys, m))}
                >
                  {m.name}
                </button>
              </td>
              {ACTIONS.map((a) =>
                m.actions.includes(a.id) ? (
                  <td key={a.id}>
                    <input
                      type="checkbox"
                      aria-label={`${m.name} ${a.name}`}
                      disabled={disabled}
                      checked={keys.has(pairKey(m.id, a.id))}
                      onChange={() => flip(pairKey(m.id, a.id))}
                    />
                  </td>
                ) : (
                  <td key={a.id} className="na" aria-hidden="true">
                    ·
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const WIDGETS = { permissionMatrix: PermissionMatrixWidget };
const FIELDS: Record<string, FieldUi> = { Permissions: { widget: 'permissionMatrix' } };

export function RoleEditScreen() {
  const param = useParams().roleId ?? '0';
  // Issue 27: /roleEdit/0 adds a role; an id that is none is not found.
  const valid = /^\d+$/.test(param);
  const id = valid ? Number(param) : 0;
  const add = valid && !(id > 0);
  const navigate = useNavigate();
  const canSave = useCan('roles', add ? 'create' : 'edit');
  const { mutate: mutateKey } = useSWRConfig();
  const { data: role, error, mutate } = useSWR<Role>(add || !valid ? null : `/api/Role/GetRole?roleId=${id}`);
  const { data: schema, error: schemaError } = useEntitySchema('role');
  const { data: layout, error: layoutError } = useLayout('role');
  usePageTitle(add ? 'Add Role' : role?.RoleName);
  const record = useMemo<Record<string, unknown> | undefined>(() => {
    const r = role ?? (add ? { RoleName: '', IsActive: true, PermissionAssignment: [] } : null);
    return r ? { RoleName: r.RoleName, IsActive: r.IsActive, Permissions: pairsOfAssignment(r.PermissionAssignment) } : undefined;
  }, [role, add]);

  const save = useCallback(
    async (_c: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      const name = String(d.RoleName ?? '').trim();
      try {
        const check = await apiFetch<{ Exists: boolean }>('/api/Role/CheckRoleName', { query: { name, id: add ? 0 : id } });
        if (check.Exists) return { IsSuccessful: false, Errors: [{ Field: '/RoleName', Message: ROLE_NAME_EXISTS }] };
        const a = await postJson<Answer & { Role?: Role }>(add ? '/api/Role/CreateRole' : '/api/Role/UpdateRole', {
          Role: { ...(add ? {} : { RoleId: id, RowVersion: role!.RowVersion }), RoleName: name, IsActive: !!d.IsActive },
          PermissionAssignment: toPairs(keysOfPairs((d.Permissions ?? []) as string[][])),
        });
        toast.success(add ? createdMessage('Role') : a.Message || 'Role saved.');
        await mutateKey('/api/Role');
        if (add && a.Role) void navigate(`/roleEdit/${a.Role.RoleId}`, { replace: true });
        else if (a.Role) await mutate(a.Role, { revalidate: false });
        return { IsSuccessful: true };
      } catch (x) {
        const text = errorText(x, 'The role was not saved.');
        if (text === ROLE_NAME_EXISTS) return { IsSuccessful: false, Errors: [{ Field: '/RoleName', Message: text }] };
        return { IsSuccessful: false, FormMessage: text, Errors: x instanceof ApiError ? (x.body as Answer | null)?.Errors : undefined };
      }
    },
    [add, id, role, mutate, mutateKey, navigate],
  );

  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundState what="Role" back={{ to: '/roles', label: 'Go to Roles' }} />;
  if (error || schemaError || layoutError) return <FormAlert messages={[ROLE_ERROR]} />;
  if (!record || !schema || !layout)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  return (
    <>
      <PageHeader
        title={add ? 'Add Role' : role!.RoleName}
        actions={
          <Link className="btn btn--small" to="/roles">
            Back to roles
          </Link>
        }
      />
      <section aria-label="Role">
        <SchemaForm
          schema={schema}
          layout={layout}
          formData={record}
          readOnly={!canSave}
          onSave={save}
          saveLabel={add ? 'Create role' : 'Save'}
          widgets={WIDGETS}
          fields={FIELDS}
          dirtyKey="role-edit"
        />
      </section>
    </>
  );
}
