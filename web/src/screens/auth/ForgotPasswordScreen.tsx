/** /forgotPassword (AUTH-029): asks for a reset link by e-mail. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { forgotPassword } from '../../api/account';
import { errorText } from '../../api/error-text';
import { FormAlert } from '../../forms/FormAlert';
import { EMAIL_PATTERN } from '../../forms/password-rules';
import { SubmitButton } from '../../forms/SubmitButton';
import { TextField } from '../../forms/TextField';
import { DEFAULT_ERROR_TEXT } from '../../shell/toast-store';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setFieldError('Enter a valid e-mail address.');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const answer = await forgotPassword(email.trim());
      setSent(answer?.Message || 'If the address belongs to an account, an e-mail with a reset link is on its way.');
    } catch (err) {
      setError(errorText(err, DEFAULT_ERROR_TEXT));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="public__title">Reset your password</h1>
      {sent ? (
        <>
          <FormAlert kind="success" messages={[sent]} />
          <Link className="btn btn--primary btn--block" to="/login">
            Back to sign in
          </Link>
        </>
      ) : (
        <>
          <p className="public__subtitle">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          <FormAlert messages={error ? [error] : []} />
          <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset your password">
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldError}
              required
            />
            <SubmitButton busy={busy} className="btn--block">
              Send reset link
            </SubmitButton>
          </form>
          <p className="public__footer-text">
            <Link to="/login">Back to sign in</Link>
          </p>
        </>
      )}
    </>
  );
}
