/**
 * Active system messages as banners on public and signed-in screens (SYSMSG-004..008): polled every
 * 10 minutes; a failed fetch counts as no messages and is retried at the next poll; each message can
 * be dismissed until it changes or expires.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../api/http';
import { dismissalCookie, undismissed, type DisplayMessage } from './system-message-dismissal';

export const SYSTEM_MESSAGE_POLL_MS = 10 * 60 * 1000;

const fetchMessages = () =>
  apiFetch<DisplayMessage[]>('/api/SystemMessage/DisplayMessages', { handleAuthErrors: false }).catch(() => []);

export function SystemMessages() {
  const { data } = useSWR('system-messages', fetchMessages, {
    refreshInterval: SYSTEM_MESSAGE_POLL_MS, revalidateOnFocus: false, shouldRetryOnError: false,
  });
  const [, rerender] = useState(0);
  const visible = undismissed(data ?? [], document.cookie);
  if (!visible.length) return null;
  return (
    <div className="system-messages" aria-live="polite">
      {visible.map((m) => (
        <div key={m.SystemMessageId} className="banner banner--system" role="status" data-testid="system-message">
          <div>
            <strong>{m.Title}</strong>
            <div>{m.Message}</div>
          </div>
          <button type="button" className="btn btn--small btn--ghost" aria-label={`Dismiss ${m.Title}`}
            onClick={() => { document.cookie = dismissalCookie(m); rerender((n) => n + 1); }}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
