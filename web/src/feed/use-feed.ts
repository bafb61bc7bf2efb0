/** React hooks over the tab's change feed (feed-client.ts). */
import { useEffect, useMemo, useRef } from 'react';
import { useSessionStore } from '../auth/session-store';
import { onFeed, showTopic, startFeed, useFeedStore, type Person } from './feed-client';

/** Keeps the tab's stream open while signed in (the app frame). */
export function useFeedConnection() {
  const signedIn = useSessionStore((s) => !!s.session);
  useEffect(() => (signedIn ? startFeed() : undefined), [signedIn]);
}

/** Calls `handler` with the data of every event of that name while the component is mounted. */
export function useFeedEvent(event: string, handler: (data: any) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onFeed(event, (data) => ref.current(data)), [event]);
}

/** Whether the feed is up (a screen's poll stands down while it is). */
export const useFeedLive = () => useFeedStore((s) => s.live);

/** Announces the topic while mounted and answers the other people who have it open (not the user). */
export function usePresence(topic: string | null | undefined): Person[] {
  useEffect(() => (topic ? showTopic(topic) : undefined), [topic]);
  const me = useSessionStore((s) => s.session?.userId);
  const people = useFeedStore((s) => (topic ? s.presence[topic] : undefined));
  return useMemo(() => (people ?? []).filter((p) => String(p.UserId) !== String(me)), [people, me]);
}
