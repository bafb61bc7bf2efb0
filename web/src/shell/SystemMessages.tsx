/**
 * Active system messages as banners on public and signed-in screens (SYSMSG-004..008): polled every
 * 10 minutes; a failed fetch counts as no messages and is retried at the next poll; each message can
 * be dismissed until it changes or expires. Issue 11: compact, one line per message (the whole
 * text on hover and when expanded); several collapse into one line "N system messages" that expands.
 */
import { useId, useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../api/http';
import { useSessionStore } from '../auth/session-store';
import { dismissalCookie, undismissed, type DisplayMessage } from './system-message-dismissal';

export const SYSTEM_MESSAGE_POLL_MS = 10 * 60 * 1000;

const fetchMessages = () => apiFetch<DisplayMessage[]>('/api/SystemMessage/DisplayMessages', { handleAuthErrors: false }).catch(() => []);

/** The messages the banner shows (shared with the home screen, which then leaves its widget out). */
export function useVisibleSystemMessages(): DisplayMessage[] | undefined {
  // Per user: signing in shows the messages for signed-in users at once, not the public list seen on /login.
  const userId = useSessionStore((s) => s.session?.userId ?? 0);
  const { data } = useSWR(['system-messages', userId], fetchMessages, {
    refreshInterval: SYSTEM_MESSAGE_POLL_MS,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return data && undismissed(data, document.cookie);
}

function MessageLine({ m, onDismiss, wrap }: { m: DisplayMessage; onDismiss: () => void; wrap: boolean }) {
  return (
    <div className={`banner banner--system${wrap ? ' banner--wrap' : ''}`} role="status" data-testid="system-message">
      <span className="banner__text" title={wrap ? undefined : `${m.Title}: ${m.Message}`}>
        <strong>{m.Title}</strong> {m.Message}
      </span>
      <button type="button" className="icon-btn banner__dismiss" aria-label={`Dismiss ${m.Title}`} title="Dismiss" onClick={onDismiss}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
    </div>
  );
}

export function SystemMessages() {
  const visible = useVisibleSystemMessages() ?? [];
  const [, rerender] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (!visible.length) return null;
  const dismiss = (m: DisplayMessage) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the dismissal is a plain cookie the server reads too (dismissalCookie builds it); the Cookie Store API is async and missing in Firefox
    document.cookie = dismissalCookie(m);
    rerender((n) => n + 1);
  };
  const several = visible.length > 1;
  return (
    <div className="system-messages" aria-live="polite" aria-label="System messages" role="region">
      {several && (
        <div className="banner banner--system">
          <button type="button" className="banner__toggle" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            <strong>{visible.length} system messages</strong>
            <span className="banner__text">{expanded ? '' : visible.map((m) => m.Title).join(' · ')}</span>
            <span className="banner__more">{expanded ? 'Hide' : 'Show'}</span>
          </button>
        </div>
      )}
      {(!several || expanded) && (
        <div id={listId}>
          {visible.map((m) => (
            <MessageLine key={m.SystemMessageId} m={m} wrap={expanded} onDismiss={() => dismiss(m)} />
          ))}
        </div>
      )}
    </div>
  );
}
