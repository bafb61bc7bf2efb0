/** /displayMessage?code&title (AUTH-006): a message page that returns to /login after 5 seconds. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messageText, PROBLEM_CODES } from './message-catalog';

export const RETURN_TO_LOGIN_SECONDS = 5;

export function DisplayMessageScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const title = params.get('title') || 'Message';
  const [left, setLeft] = useState(RETURN_TO_LOGIN_SECONDS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another message (code, title) starts the countdown again
  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => {
      const remaining = RETURN_TO_LOGIN_SECONDS - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        clearInterval(t);
        navigate('/login', { replace: true });
      }
    }, 250);
    return () => clearInterval(t);
  }, [navigate, code, title]);

  const problem = code !== null && PROBLEM_CODES.has(code);
  return (
    <section className="message-page" aria-labelledby="message-title" data-code={code ?? ''}>
      <div className={`message-page__icon${problem ? ' message-page__icon--warn' : ''}`} aria-hidden="true">
        {problem ? '!' : '✓'}
      </div>
      <h1 id="message-title" className="public__title">
        {title}
      </h1>
      {messageText(code) && <p className="message-page__text">{messageText(code)}</p>}
      <p className="muted" aria-live="polite">
        Returning to sign in in {left} s.
      </p>
      <Link className="btn btn--primary btn--block" to="/login" replace>
        Go to sign in
      </Link>
    </section>
  );
}
