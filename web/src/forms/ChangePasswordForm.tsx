/**
 * The change-password form shared by /changePassword (signed in) and /changeUserPassword
 * (AUTH-021/032..035): current password, new password with live strength, confirmation.
 */
import { useState, type FormEvent } from 'react';
import type { PasswordChange } from '../api/account';
import { useUnsavedChanges } from '../shell/useUnsavedChanges';
import { changePasswordErrors } from './change-password-errors';
import { EMPTY_ERRORS, type FormErrors } from './form-errors';
import { FormAlert } from './FormAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { confirmProblem, newPasswordProblem } from './password-rules';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

interface Props {
  /** Shown (and sent) only on /changeUserPassword. */
  userName?: { value: string; onChange: (v: string) => void };
  submit: (change: PasswordChange) => Promise<{ Message?: string | null }>;
  onSuccess: (message: string) => void;
  submitLabel?: string;
  trackUnsaved?: boolean;
  /** Signed in: the account's user name, for password managers (not shown, not sent). */
  accountName?: string;
}

const EMPTY = { OldPassword: '', NewPassword: '', ConfirmPassword: '' };

export function ChangePasswordForm({ userName, submit, onSuccess, submitLabel = 'Change password', trackUnsaved, accountName }: Props) {
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(EMPTY_ERRORS);
  const [busy, setBusy] = useState(false);
  const dirty = values.OldPassword !== '' || values.NewPassword !== '' || values.ConfirmPassword !== '';
  useUnsavedChanges(!!trackUnsaved && dirty && !busy, 'change-password');

  const set = (k: keyof PasswordChange) => (v: string) => setValues((s) => ({ ...s, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (userName && !userName.value.trim()) fields.UserName = 'Enter your user name.';
    if (!values.OldPassword) fields.OldPassword = 'Enter your current password.';
    const np = newPasswordProblem(values.NewPassword);
    if (np) fields.NewPassword = np;
    const cp = confirmProblem(values.NewPassword, values.ConfirmPassword);
    if (cp) fields.ConfirmPassword = cp;
    setErrors({ fields, general: [] });
    if (Object.keys(fields).length) return;
    setBusy(true);
    try {
      const answer = await submit(values);
      setValues(EMPTY);
      onSuccess(answer?.Message || 'Your password has been changed.');
    } catch (err) {
      setErrors(changePasswordErrors(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormAlert messages={errors.general} />
      {accountName !== undefined && <input type="text" name="username" autoComplete="username" value={accountName} readOnly hidden />}
      {userName && (
        <TextField
          label="User name"
          type="email"
          autoComplete="username"
          value={userName.value}
          onChange={(e) => userName.onChange(e.target.value)}
          error={errors.fields.UserName}
          required
        />
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.OldPassword}
        onChange={(e) => set('OldPassword')(e.target.value)}
        error={errors.fields.OldPassword}
        required
      />
      <NewPasswordFields
        password={values.NewPassword}
        confirm={values.ConfirmPassword}
        onPassword={set('NewPassword')}
        onConfirm={set('ConfirmPassword')}
        passwordError={errors.fields.NewPassword}
        confirmError={errors.fields.ConfirmPassword}
      />
      <div className="form__actions">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
