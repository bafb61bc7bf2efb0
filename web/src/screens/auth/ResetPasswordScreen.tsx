/**
 * /resetPassword?userId&code (AUTH-005, AUTH-031): choose a new password. A refused password is
 * shown on its field; a refused link goes to the ResetPasswordFail message page.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/account';
import { MESSAGE_PAGES } from '../../auth/message-page';
import { formErrors } from '../../forms/form-errors';
import { FormAlert } from '../../forms/FormAlert';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { confirmProblem, newPasswordProblem } from '../../forms/password-rules';
import { SubmitButton } from '../../forms/SubmitButton';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = params.get('userId') ?? '';
  const code = params.get('code') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (!userId || !code) {
    return (
      <>
        <h1 className="public__title">Choose a new password</h1>
        <FormAlert messages={['This reset link is incomplete. Please open the link from the e-mail again or request a new one.']} />
        <Link className="btn btn--primary btn--block" to="/forgotPassword">
          Request a new link
        </Link>
      </>
    );
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const f: Record<string, string> = {};
    const p = newPasswordProblem(password);
    if (p) f.Password = p;
    const c = confirmProblem(password, confirm);
    if (c) f.ConfirmPassword = c;
    setFields(f);
    if (Object.keys(f).length) return;
    setBusy(true);
    try {
      await resetPassword(userId, code, password, confirm);
      navigate(MESSAGE_PAGES.passwordReset, { replace: true });
    } catch (err) {
      const fe = formErrors(err, ['Password', 'ConfirmPassword']);
      if (Object.keys(fe.fields).length) setFields(fe.fields);
      else navigate(MESSAGE_PAGES.resetPasswordFail, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="public__title">Choose a new password</h1>
      <p className="public__subtitle">The new password replaces the old one and signs you out everywhere.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          passwordError={fields.Password}
          confirmError={fields.ConfirmPassword}
        />
        <SubmitButton busy={busy} className="btn--block">
          Reset password
        </SubmitButton>
      </form>
    </>
  );
}
