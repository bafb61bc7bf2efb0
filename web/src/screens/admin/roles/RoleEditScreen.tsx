/**
 * /roleEdit/{roleId} (ADMIN-018..022): name, active flag and the modules × actions matrix; the
 * name is checked with CheckRoleName before the save ('A role with this name already exists.').
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useCan } from '../../../auth/useCan';
import { FormAlert } from '../../../forms/FormAlert';
import { SubmitButton } from '../../../forms/SubmitButton';
import { TextField } from '../../../forms/TextField';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson, type Answer } from '../common/api';
import { Check } from '../common/Check';
import { ACTIONS, MODULES, pairKey, toggleModule, toPairs } from './permission-matrix';
import '../common/admin.css';

interface Role { RoleId: number; RoleName: string; IsActive: boolean; RowVersion: number; PermissionAssignment: { ModuleId: number; ActionId: number }[] }

export const ROLE_NAME_EXISTS = 'A role with this name already exists.';
const ROLE_ERROR = 'There was an error while retrieving role data. Please contact system administrator';

export function RoleEditScreen() {
  const id = Number(useParams().roleId ?? 0);
  const add = !(id > 0);
  const navigate = useNavigate();
  const canSave = useCan('roles', add ? 'create' : 'edit');
  const { mutate: mutateKey } = useSWRConfig();
  const { data: role, error, mutate } = useSWR<Role>(add ? null : `/api/Role/GetRole?roleId=${id}`);
  const [name, setName] = useState('');
  const [active, setActive] = useState(true);
  const [keys, setKeys] = useState<Set<string>>(new Set());
  const [base, setBase] = useState('');
  const [nameError, setNameError] = useState('');
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const snapshot = JSON.stringify([name, active, [...keys].sort()]);
  useEffect(() => {
    const r = role ?? (add ? { RoleName: '', IsActive: true, PermissionAssignment: [] } : null);
    if (!r) return;
    const k = new Set(r.PermissionAssignment.map((p) => pairKey(p.ModuleId, p.ActionId)));
    setName(r.RoleName); setActive(r.IsActive); setKeys(k);
    setBase(JSON.stringify([r.RoleName, r.IsActive, [...k].sort()]));
  }, [role, add]);
  useUnsavedChanges(!!base && snapshot !== base && !busy, 'role-edit');

  const flip = (k: string) => setKeys((s) => { const n = new Set(s); if (n.has(k)) n.delete(k); else n.add(k); return n; });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral([]);
    if (!name.trim()) { setNameError('Required.'); return; }
    setBusy(true);
    try {
      const check = await apiFetch<{ Exists: boolean }>('/api/Role/CheckRoleName', { query: { name: name.trim(), id: add ? 0 : id } });
      if (check.Exists) { setNameError(ROLE_NAME_EXISTS); return; }
      setNameError('');
      const a = await postJson<Answer & { Role?: Role }>(add ? '/api/Role/CreateRole' : '/api/Role/UpdateRole', {
        Role: { ...(add ? {} : { RoleId: id, RowVersion: role!.RowVersion }), RoleName: name.trim(), IsActive: active },
        PermissionAssignment: toPairs(keys),
      });
      toast.success(a.Message || 'Role saved.');
      setBase(snapshot);
      await mutateKey('/api/Role');
      if (add && a.Role) void navigate(`/roleEdit/${a.Role.RoleId}`, { replace: true });
      else if (a.Role) await mutate(a.Role, { revalidate: false });
    } catch (x) {
      const text = errorText(x, 'The role was not saved.');
      if (text === ROLE_NAME_EXISTS) setNameError(text); else setGeneral([text]);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <FormAlert messages={[ROLE_ERROR]} />;
  if (!add && !role) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return (
    <>
      <PageHeader title={add ? 'Add Role' : role!.RoleName} subtitle={`${keys.size} permissions`}
        actions={<Link className="btn btn--small" to="/roles">Back to roles</Link>} />
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Role">
        <FormAlert messages={general} />
        <div className="toolbar">
          <TextField label="Role name" value={name} error={nameError} onChange={(e) => { setName(e.target.value); setNameError(''); }} />
          <Check label="Active" checked={active} onChange={setActive} />
          <span className="spacer" />
          {canSave && <SubmitButton busy={busy}>{add ? 'Create role' : 'Save'}</SubmitButton>}
        </div>
        <div className="table-scroll">
          <table className="table table--dense matrix" aria-label="Permissions">
            <thead><tr><th>Module</th>{ACTIONS.map((a) => <th key={a.id}>{a.name}</th>)}</tr></thead>
            <tbody>
              {MODULES.map((m) => (
                <tr key={m.id}>
                  <td><button type="button" className="linklike" title="Toggle every action of this module" onClick={() => setKeys((s) => toggleModule(s, m))}>{m.name}</button></td>
                  {ACTIONS.map((a) => m.actions.includes(a.id) ? (
                    <td key={a.id}><input type="checkbox" aria-label={`${m.name} ${a.name}`} checked={keys.has(pairKey(m.id, a.id))} onChange={() => flip(pairKey(m.id, a.id))} /></td>
                  ) : <td key={a.id} className="na" aria-hidden="true">·</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </form>
    </>
  );
}
