/**
 * /login (AUTH-001, AUTH-007, AUTH-019..022): user name (the e-mail address) and password.
 * A failed sign-in flags the form invalid and clears it; account problems go to their message
 * page; change_password_required goes to /changeUserPassword with the user name.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../auth/sign-in';
import { useSessionStore } from '../../auth/session-store';
import { FormAlert } from '../../forms/FormAlert';
import { SubmitButton } from '../../forms/SubmitButton';
import { TextField } from '../../forms/TextField';

export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useSessionStore((s) => s.notice);
  const [userName, setUserName] = useState(() => (location.state as { userName?: string } | null)?.userName ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [missing, setMissing] = useState<{ userName?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const m = { userName: userName.trim() ? undefined : 'Enter your user name.', password: password ? undefined : 'Enter your password.' };
    setMissing(m);
    if (m.userName || m.password) return;
    setBusy(true);
    setError(null);
    try {
      const outcome = await signIn(userName, password);
      if (!outcome) return; // Signed in: the public-route guard moves on to the target page.
      switch (outcome.kind) {
        case 'messagePage':
          navigate(outcome.path);
          return;
        case 'changePassword':
          navigate('/changeUserPassword', { state: { userName: userName.trim() } });
          return;
        case 'invalid':
          setInvalid(true);
          setUserName('');
          setPassword('');
          setError(outcome.message);
          userRef.current?.focus();
          return;
        default:
          setPassword('');
          setError(outcome.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="public__title">Sign in</h1>
      <p className="public__subtitle">Use your company e-mail address and password.</p>
      {notice && !error && <FormAlert kind="info" messages={[notice]} />}
      <FormAlert messages={error ? [error] : []} />
      <form
        className={`form${invalid ? ' form--invalid' : ''}`}
        onSubmit={onSubmit}
        noValidate
        aria-label="Sign in"
        aria-invalid={invalid || undefined}
        data-invalid={invalid ? 'true' : undefined}
      >
        <TextField
          ref={userRef}
          label="User name"
          type="email"
          name="username"
          autoComplete="username"
          autoFocus
          value={userName}
          onChange={(e) => {
            setUserName(e.target.value);
            setInvalid(false);
          }}
          error={missing.userName}
          aria-invalid={invalid || !!missing.userName || undefined}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setInvalid(false);
          }}
          error={missing.password}
          aria-invalid={invalid || !!missing.password || undefined}
        />
        <div className="form__row form__row--between">
          <Link to="/forgotPassword">Forgot password?</Link>
        </div>
        <SubmitButton busy={busy} className="btn--block">
          Sign in
        </SubmitButton>
      </form>
      <p className="public__footer-text">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </>
  );
}
