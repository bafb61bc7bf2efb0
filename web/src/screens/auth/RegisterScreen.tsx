/** /register (AUTH-023/024): create an account; success shows 'Registration Successful'. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { register, type Registration } from '../../api/account';
import { MESSAGE_PAGES } from '../../auth/message-page';
import { EMPTY_ERRORS, formErrors, type FormErrors } from '../../forms/form-errors';
import { FormAlert } from '../../forms/FormAlert';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { confirmProblem, EMAIL_PATTERN, newPasswordProblem } from '../../forms/password-rules';
import { SubmitButton } from '../../forms/SubmitButton';
import { TextField } from '../../forms/TextField';
import { DEFAULT_ERROR_TEXT } from '../../shell/toast-store';

const FIELDS = ['FirstName', 'LastName', 'Email', 'Password', 'ConfirmPassword', 'AgreedToPolicy'] as const;
const EMPTY: Registration = { FirstName: '', LastName: '', Email: '', Password: '', ConfirmPassword: '', AgreedToPolicy: false };

function validate(r: Registration): Record<string, string> {
  const f: Record<string, string> = {};
  if (!r.FirstName.trim()) f.FirstName = 'Enter your first name.';
  if (!r.LastName.trim()) f.LastName = 'Enter your last name.';
  if (!EMAIL_PATTERN.test(r.Email.trim())) f.Email = 'Enter a valid e-mail address.';
  const p = newPasswordProblem(r.Password);
  if (p) f.Password = p;
  const c = confirmProblem(r.Password, r.ConfirmPassword);
  if (c) f.ConfirmPassword = c;
  if (!r.AgreedToPolicy) f.AgreedToPolicy = 'Please accept the terms of use and the privacy policy.';
  return f;
}

export function RegisterScreen() {
  const navigate = useNavigate();
  const [r, setR] = useState<Registration>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(EMPTY_ERRORS);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Registration>(k: K, v: Registration[K]) => setR((s) => ({ ...s, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fields = validate(r);
    setErrors({ fields, general: [] });
    if (Object.keys(fields).length) return;
    setBusy(true);
    try {
      await register({ ...r, Email: r.Email.trim(), FirstName: r.FirstName.trim(), LastName: r.LastName.trim() });
      navigate(MESSAGE_PAGES.registrationSuccessful);
    } catch (err) {
      const fe = formErrors(err, FIELDS);
      setErrors(Object.keys(fe.fields).length || fe.general.length ? fe : { fields: {}, general: [DEFAULT_ERROR_TEXT] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="public__title">Create an account</h1>
      <p className="public__subtitle">Your e-mail address is your user name.</p>
      <FormAlert messages={errors.general} />
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Create an account">
        <div className="form__grid-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={r.FirstName}
            onChange={(e) => set('FirstName', e.target.value)}
            error={errors.fields.FirstName}
            required
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={r.LastName}
            onChange={(e) => set('LastName', e.target.value)}
            error={errors.fields.LastName}
            required
          />
        </div>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          value={r.Email}
          onChange={(e) => set('Email', e.target.value)}
          error={errors.fields.Email}
          required
        />
        <NewPasswordFields
          password={r.Password}
          confirm={r.ConfirmPassword}
          passwordLabel="Password"
          onPassword={(v) => set('Password', v)}
          onConfirm={(v) => set('ConfirmPassword', v)}
          passwordError={errors.fields.Password}
          confirmError={errors.fields.ConfirmPassword}
        />
        <div className={`field field--check${errors.fields.AgreedToPolicy ? ' field--invalid' : ''}`}>
          <input
            id="agreed-to-policy"
            type="checkbox"
            checked={r.AgreedToPolicy}
            onChange={(e) => set('AgreedToPolicy', e.target.checked)}
            aria-invalid={errors.fields.AgreedToPolicy ? true : undefined}
            aria-describedby={errors.fields.AgreedToPolicy ? 'agreed-error' : undefined}
          />
          <label htmlFor="agreed-to-policy">I agree to the terms of use and the privacy policy</label>
          {errors.fields.AgreedToPolicy && (
            <div id="agreed-error" className="field__error" role="alert">
              {errors.fields.AgreedToPolicy}
            </div>
          )}
        </div>
        <SubmitButton busy={busy} className="btn--block">
          Create account
        </SubmitButton>
      </form>
      <p className="public__footer-text">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
