/**
 * /userEdit/{userId} (ADMIN-006..016, AUTH-027/028) through the shared SchemaForm: the user entity
 * with schemas/layouts/user.layout.json. Add mode for an id of 0 or less; the role and the brands
 * (at least one) are labelled options from the server's lists; factories of a factory user
 * (ADMIN-013) are this screen's widget around FactoryAssignment; a password reset on save; a
 * live user-name availability check shown under the name.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import type { CustomValidator, WidgetProps } from '@rjsf/utils';
import { ApiError, apiFetch } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useCan } from '../../../auth/useCan';
import { useEntitySchema, useLayout } from '../../../components/fields/schema-docs';
import type { SchemaFormContext } from '../../../components/schema-form/form-context';
import { withOptions } from '../../../components/schema-form/options';
import { SchemaForm, type FieldUi, type SaveOutcome } from '../../../components/schema-form/SchemaForm';
import { FormAlert } from '../../../forms/FormAlert';
import { NotFoundState } from '../../system/NotFoundState';
import { PageHeader } from '../../../shell/PageHeader';
import { usePageTitle } from '../../../shell/page-title-store';
import { toast } from '../../../shell/toast-store';
import { postJson, type Answer } from '../common/api';
import { useDebounced } from '../common/useDebounced';
import { FactoryAssignment } from './FactoryAssignment';
import type { FactoryRow } from './factory-match';
import { formErrors, formOfRecord, nameInUse, NO_BRAND, recordOf, saveRequest, SUBMISSION_ERRORS, type AdminUser } from './user-editor-model';
import '../common/admin.css';

const USER_ERROR = 'There was an error while retrieving user data. Please contact system administrator';
const BRAND_ERROR = 'There was an error while retrieving user brand data. Please contact system administrator';
const FIELD_MESSAGES = { Brands: { minItems: NO_BRAND, required: NO_BRAND }, UserName: { format: 'Enter an e-mail address.' } };
const HIDE_FACTORIES = [{ FieldId: 'Factories', Row: 0, Hidden: true }];

/**
 * AUTH-027: the user name commits per keystroke (not on blur), so the availability check runs
 * while typing; its answer arrives as `ui:options.inUse` and shows under the input.
 */
function UserNameWidget(p: WidgetProps) {
  const inUse = p.options.inUse as string | undefined;
  return (
    <>
      <input
        id={p.id}
        type="email"
        autoComplete="off"
        maxLength={p.schema.maxLength}
        value={(p.value ?? '') as string}
        disabled={p.disabled || p.readonly}
        aria-invalid={p.rawErrors?.length || inUse ? true : undefined}
        aria-describedby={inUse ? `${p.id}__taken` : p.rawErrors?.length ? `${p.id}__error` : undefined}
        onChange={(e) => {
          (p.registry.formContext as SchemaFormContext | undefined)?.markDirty();
          p.onChange(e.target.value === '' ? undefined : e.target.value);
        }}
      />
      {inUse && !p.rawErrors?.includes(inUse) && (
        <span id={`${p.id}__taken`} className="field__error">
          {inUse}
        </span>
      )}
    </>
  );
}

export function UserEditScreen() {
  const param = useParams().userId ?? '0';
  // Issue 27: /userEdit/0 adds a user; an id that is none is not found (it was the add form).
  const valid = /^\d+$/.test(param);
  const id = valid ? Number(param) : 0;
  const add = valid && !(id > 0);
  const navigate = useNavigate();
  const canSave = useCan('users', add ? 'create' : 'edit');
  const { data: user, error: userError, mutate } = useSWR<AdminUser>(add || !valid ? null : `/api/User/GetUser?UserId=${id}`);
  const { data: brands, error: brandError } = useSWR<{ BrandId: number; BrandName: string }[]>(
    `/api/User/GetUserBrandAssignment?editingUserId=${add ? 0 : id}`,
  );
  const { data: factories } = useSWR<FactoryRow[]>(`/api/User/GetUserFactories?UserId=${add ? 0 : id}`);
  const { data: entity, error: schemaError } = useEntitySchema('user');
  const { data: layout, error: layoutError } = useLayout('user');
  usePageTitle(add ? 'Add User' : user && (`${user.FirstName} ${user.LastName}`.trim() || user.UserName));
  const record = useMemo(() => (add ? recordOf(null) : user ? recordOf(user) : undefined), [add, user]);
  const [live, setLive] = useState<Record<string, unknown> | undefined>(record);
  useEffect(() => setLive(record), [record]);
  const [resetPassword, setResetPassword] = useState(false);
  const [taken, setTaken] = useState(false);

  // The brand list as labelled options (the role is a reference, offered by its widget); a new user must change the password (ADMIN-009).
  const schema = useMemo(() => {
    if (!entity) return undefined;
    let s = withOptions(
      entity,
      'Brands',
      (brands ?? []).map((b) => ({ value: b.BrandId, label: b.BrandName })),
    );
    if (add) s = { ...s, properties: { ...s.properties, ChangePasswordRequired: { ...s.properties.ChangePasswordRequired, readOnly: true } } };
    return s;
  }, [entity, brands, add]);

  // AUTH-027: availability while typing (only when the name differs from the saved one).
  const savedName = String(record?.UserName ?? '');
  const typedName = useDebounced(String(live?.UserName ?? '').trim(), 400);
  useEffect(() => {
    let on = true;
    if (!typedName || typedName.toLowerCase() === savedName.toLowerCase()) {
      setTaken(false);
      return;
    }
    void apiFetch<boolean | string>('/api/Account/UserExists', { query: { userName: typedName } })
      .then((r) => on && setTaken(r === true || r === 'true'))
      .catch(() => {});
    return () => {
      on = false;
    };
  }, [typedName, savedName]);
  const inUse = taken ? nameInUse(typedName) : null;
  const customValidate = useCallback<CustomValidator>(
    (data, errors) => {
      const e = errors as unknown as Record<string, { addError(m: string): void }>;
      const d = (data ?? {}) as Record<string, unknown>;
      if (!d.RoleId) e.RoleId?.addError('Required.');
      if (taken) e.UserName?.addError(nameInUse(String(d.UserName ?? '').trim()));
      return errors;
    },
    [taken],
  );

  const widgets = useMemo(
    () => ({
      userName: UserNameWidget,
      factories: (p: WidgetProps) => (
        <div id={p.id}>
          <FactoryAssignment
            factories={factories ?? []}
            assigned={(p.value ?? []) as string[]}
            error={p.rawErrors?.[0]}
            onChange={(keys) => {
              (p.registry.formContext as SchemaFormContext | undefined)?.markDirty();
              p.onChange(keys);
            }}
          />
        </div>
      ),
    }),
    [factories],
  );
  const fields = useMemo<Record<string, FieldUi>>(
    () => ({
      Factories: { widget: 'factories' },
      RoleId: { placeholder: 'Select a role' },
      UserName: { widget: 'userName', options: { inUse: inUse ?? undefined } },
      Brands: { options: { emptyText: brands ? 'No brands found' : undefined } },
    }),
    [brands, inUse],
  );

  const save = useCallback(
    async (_c: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      const form = formOfRecord(d, user ? { UserId: user.UserId, RowVersion: user.RowVersion } : null, resetPassword);
      try {
        const a = await postJson<Answer & { User?: AdminUser }>(add ? '/api/User/CreateUser' : '/api/User/UpdateUser', saveRequest(form));
        toast.success(a.Message || 'User saved.');
        setResetPassword(false);
        if (add && a.User) void navigate(`/userEdit/${a.User.UserId}`, { replace: true });
        else if (a.User) await mutate(a.User, { revalidate: false });
        return { IsSuccessful: true };
      } catch (x) {
        const errors = x instanceof ApiError ? formErrors((x.body as Answer | null)?.Errors ?? []) : [];
        const onName = errors.some((e) => e.Field === '/UserName');
        return { IsSuccessful: false, Errors: errors, FormMessage: errors.length > 0 && !onName ? SUBMISSION_ERRORS : errorText(x, SUBMISSION_ERRORS) };
      }
    },
    [add, user, resetPassword, navigate, mutate],
  );

  if (!valid || (userError instanceof ApiError && userError.status === 404))
    return <NotFoundState what="User" text="No Users Found." back={{ to: '/users', label: 'Go to Users' }} />;
  if (userError) return <FormAlert messages={[USER_ERROR]} />;
  if (schemaError || layoutError) return <FormAlert messages={[USER_ERROR]} />;
  if (!record || !schema || !layout)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  const title = add ? 'Add User' : `${user!.FirstName} ${user!.LastName}`.trim() || user!.UserName;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={add ? 'A temporary password is mailed to the new user.' : user!.UserName}
        actions={
          <Link className="btn btn--small" to="/users">
            Back to users
          </Link>
        }
      />
      <section aria-label="User" style={{ maxWidth: 900 }}>
        <SchemaForm
          schema={schema}
          layout={layout}
          formData={record}
          readOnly={!canSave}
          onSave={save}
          fieldLayout={live?.IsFactoryUser ? undefined : HIDE_FACTORIES}
          widgets={widgets}
          fields={fields}
          fieldMessages={FIELD_MESSAGES}
          customValidate={customValidate}
          formErrorMessage={SUBMISSION_ERRORS}
          message={brandError ? [BRAND_ERROR] : undefined}
          onChange={setLive}
          saveLabel={add ? 'Create user' : 'Save'}
          dirtyKey="user-edit"
          actions={
            <>
              {!add && (
                <label className="check">
                  <input type="checkbox" checked={resetPassword} onChange={(e) => setResetPassword(e.target.checked)} /> Reset password on save
                </label>
              )}
              <button type="button" className="btn" onClick={() => void navigate('/users')}>
                Cancel
              </button>
            </>
          }
        />
      </section>
    </>
  );
}
