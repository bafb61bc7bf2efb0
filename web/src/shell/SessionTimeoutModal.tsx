/** AUTH-013: the warning before the 3-hour session ends, with a live countdown. */
import { useEffect, useState } from 'react';
import { logOut } from '../auth/log-out';
import { formatCountdown } from '../auth/session-timer';
import { Modal } from './Modal';
import { useSessionTimeout } from './useSessionTimeout';

export function SessionTimeoutModal() {
  const { phase, remainingMs } = useSessionTimeout();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (phase === 'active') setDismissed(false);
  }, [phase]);
  if (phase !== 'warning' || dismissed) return null;
  return (
    <Modal
      title="Your session is ending"
      alert
      onCancel={() => setDismissed(true)}
      actions={
        <>
          <button type="button" className="btn" onClick={() => void logOut()}>
            Log out now
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setDismissed(true)} data-autofocus>
            Continue working
          </button>
        </>
      }
    >
      <p>
        Your session ends in{' '}
        <strong className="countdown" data-testid="session-countdown">
          {formatCountdown(remainingMs)}
        </strong>
        . Save your work now: you will be signed out when the session ends.
      </p>
    </Modal>
  );
}
