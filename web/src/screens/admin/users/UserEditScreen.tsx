/**
 * /userEdit/{userId} (ADMIN-006..016, AUTH-027/028): add mode for an id of 0 or less; account
 * fields, role, brands (at least one), factories of a factory user (ADMIN-013), password reset,
 * and a live user-name availability check.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useCan } from '../../../auth/useCan';
import { FormAlert } from '../../../forms/FormAlert';
import { SubmitButton } from '../../../forms/SubmitButton';
import { TextField } from '../../../forms/TextField';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { fieldErrors, postJson, type Answer } from '../common/api';
import { Check } from '../common/Check';
import { useDebounced } from '../common/useDebounced';
import { useRoles } from '../common/useRoles';
import { FactoryAssignment } from './FactoryAssignment';
import type { FactoryRow } from './factory-match';
import { formOf, nameInUse, NEW_USER, saveRequest, SUBMISSION_ERRORS, validateUser, type AdminUser, type UserForm } from './user-editor-model';
import '../common/admin.css';

const USER_ERROR = 'There was an error while retrieving user data. Please contact system administrator';
const BRAND_ERROR = 'There was an error while retrieving user brand data. Please contact system administrator';

export function UserEditScreen() {
  const id = Number(useParams().userId ?? 0);
  const add = !(id > 0);
  const navigate = useNavigate();
  const canSave = useCan('users', add ? 'create' : 'edit');
  const { data: user, error: userError, mutate } = useSWR<AdminUser>(add ? null : `/api/User/GetUser?UserId=${id}`);
  const { data: brands, error: brandError } = useSWR<{ BrandId: number; BrandName: string }[]>(`/api/User/GetUserBrandAssignment?editingUserId=${add ? 0 : id}`);
  const { data: factories } = useSWR<FactoryRow[]>(`/api/User/GetUserFactories?UserId=${add ? 0 : id}`);
  const { data: roles } = useRoles();
  const [form, setForm] = useState<UserForm>(NEW_USER);
  const [base, setBase] = useState<UserForm>(NEW_USER);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState(false);
  useEffect(() => { if (user) { setForm(formOf(user)); setBase(formOf(user)); } }, [user]);
  useEffect(() => { if (add) { setForm(NEW_USER); setBase(NEW_USER); } }, [add]);
  const dirty = JSON.stringify(form) !== JSON.stringify(base);
  useUnsavedChanges(dirty && !busy, 'user-edit');

  // AUTH-027: availability while typing (only when the name differs from the saved one).
  const typedName = useDebounced(form.UserName.trim(), 400);
  useEffect(() => {
    let live = true;
    if (!typedName || typedName.toLowerCase() === base.UserName.toLowerCase()) { setTaken(false); return; }
    void apiFetch<boolean | string>('/api/Account/UserExists', { query: { userName: typedName } })
      .then((r) => live && setTaken(r === true || r === 'true')).catch(() => {});
    return () => { live = false; };
  }, [typedName, base.UserName]);

  const set = <K extends keyof UserForm>(k: K, v: UserForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: string) => errors[k] ?? (k === 'UserName' && taken ? nameInUse(form.UserName.trim()) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateUser(form);
    if (taken) found.UserName = nameInUse(form.UserName.trim());
    setErrors(found);
    if (Object.keys(found).length) { setGeneral([SUBMISSION_ERRORS]); return; }
    setBusy(true);
    setGeneral([]);
    try {
      const a = await postJson<Answer & { User?: AdminUser }>(add ? '/api/User/CreateUser' : '/api/User/UpdateUser', saveRequest(form));
      toast.success(a.Message || 'User saved.');
      setBase(form);
      if (add && a.User) void navigate(`/userEdit/${a.User.UserId}`, { replace: true });
      else if (a.User) { await mutate(a.User, { revalidate: false }); }
    } catch (x) {
      const fe = x instanceof ApiError ? fieldErrors(x.body) : {};
      setErrors(fe);
      setGeneral([Object.keys(fe).length > 0 && !fe.UserName ? SUBMISSION_ERRORS : errorText(x, SUBMISSION_ERRORS)]);
    } finally {
      setBusy(false);
    }
  };

  if (userError) return <FormAlert messages={[userError instanceof ApiError && userError.status === 404 ? 'No Users Found' : USER_ERROR]} />;
  if (!add && !user) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  const title = add ? 'Add User' : `${user!.FirstName} ${user!.LastName}`.trim() || user!.UserName;
  return (
    <>
      <PageHeader title={title} subtitle={add ? 'A temporary password is mailed to the new user.' : user!.UserName}
        actions={<Link className="btn btn--small" to="/users">Back to users</Link>} />
      <form className="admin-editor" onSubmit={(e) => void submit(e)} noValidate aria-label="User">
        <section className="card form--dense">
          <h2 className="card__title">Account</h2>
          <FormAlert messages={general} />
          <TextField label="User name (e-mail)" type="email" autoComplete="off" value={form.UserName} error={err('UserName')}
            onChange={(e) => set('UserName', e.target.value)} />
          <div className="form__grid-2">
            <TextField label="First name" value={form.FirstName} error={errors.FirstName} onChange={(e) => set('FirstName', e.target.value)} />
            <TextField label="Last name" value={form.LastName} error={errors.LastName} onChange={(e) => set('LastName', e.target.value)} />
          </div>
          <TextField label="Network id" value={form.NetworkId} onChange={(e) => set('NetworkId', e.target.value)} />
          <div className={`field${errors.RoleId ? ' field--invalid' : ''}`}>
            <label htmlFor="user-role">Role</label>
            <select id="user-role" value={form.RoleId} onChange={(e) => set('RoleId', Number(e.target.value))} aria-invalid={errors.RoleId ? true : undefined}>
              <option value={0}>Select a role</option>
              {roles?.filter((r) => r.IsActive || r.RoleId === form.RoleId).map((r) => <option key={r.RoleId} value={r.RoleId}>{r.RoleName}</option>)}
            </select>
            {roles && !roles.length && <div className="field__hint">No roles found</div>}
            {errors.RoleId && <div className="field__error" role="alert">{errors.RoleId}</div>}
          </div>
          <div className="form__grid-2">
            <Check label="Active" checked={form.IsActive} onChange={(v) => set('IsActive', v)} />
            <Check label="E-mail confirmed" checked={form.EmailConfirmed} onChange={(v) => set('EmailConfirmed', v)} />
            <Check label="Must change password" checked={add || form.ChangePasswordRequired} disabled={add} onChange={(v) => set('ChangePasswordRequired', v)} />
            <Check label="Factory user" checked={form.IsFactoryUser} onChange={(v) => set('IsFactoryUser', v)} />
            {!add && <Check label="Reset password on save" checked={form.ResetPassword} onChange={(v) => set('ResetPassword', v)} />}
          </div>
          {!add && user && (
            <dl className="kv">
              <dt>Last login</dt><dd>{user.LastLogin ? new Date(user.LastLogin).toLocaleString('en-US') : '—'}</dd>
              <dt>Created</dt><dd>{user.Created ? new Date(user.Created).toLocaleString('en-US') : '—'}</dd>
            </dl>
          )}
          <div className="form__actions">
            {canSave && <SubmitButton busy={busy}>{add ? 'Create user' : 'Save'}</SubmitButton>}
            <button type="button" className="btn" onClick={() => void navigate('/users')}>Cancel</button>
          </div>
        </section>
        <div className="form--dense">
          <section className={`card${errors.Brands ? ' field--invalid' : ''}`} aria-labelledby="brands-h">
            <h2 id="brands-h" className="card__title">Brands <span className="badge">{form.Brands.length}</span></h2>
            {brandError && <FormAlert messages={[BRAND_ERROR]} />}
            {brands && !brands.length && <p className="muted">No brands found</p>}
            <div className="check-list" role="group" aria-label="Brands">
              {brands?.map((b) => (
                <label key={b.BrandId}><input type="checkbox" checked={form.Brands.includes(b.BrandId)}
                  onChange={(e) => set('Brands', e.target.checked ? [...form.Brands, b.BrandId] : form.Brands.filter((x) => x !== b.BrandId))} /> {b.BrandName}</label>
              ))}
            </div>
            {errors.Brands && <div className="field__error" role="alert">{errors.Brands}</div>}
          </section>
          {form.IsFactoryUser && (
            <section className="card" aria-labelledby="factories-h">
              <h2 id="factories-h" className="card__title">Factories</h2>
              <FactoryAssignment factories={factories ?? []} assigned={form.Factories} error={errors.Factories}
                onChange={(keys) => set('Factories', keys)} />
            </section>
          )}
        </div>
      </form>
    </>
  );
}
