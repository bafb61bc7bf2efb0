/**
 * SYSMSG-006: a system message is dismissed per version (its ChangedOn); the dismissal lives in a
 * cookie until the message expires, and a changed message shows again.
 */
export interface DisplayMessage {
  SystemMessageId: number;
  Title: string;
  Message: string;
  ExpireTime: string;
  ChangedOn: string;
}

export const dismissalCookieName = (id: number) => `sysmsg-${id}`;

/** The cookie string that dismisses this version of the message until it expires. */
export function dismissalCookie(msg: DisplayMessage): string {
  return `${dismissalCookieName(msg.SystemMessageId)}=${encodeURIComponent(msg.ChangedOn)}; expires=${new Date(msg.ExpireTime).toUTCString()}; path=/; SameSite=Lax`;
}

export function parseCookies(cookieHeader: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
  }
  return out;
}

/** The messages still to show: not dismissed, or dismissed at an older version. */
export function undismissed(messages: DisplayMessage[], cookieHeader: string): DisplayMessage[] {
  const cookies = parseCookies(cookieHeader);
  return messages.filter((m) => cookies.get(dismissalCookieName(m.SystemMessageId)) !== m.ChangedOn);
}
