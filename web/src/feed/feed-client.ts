/**
 * The change feed in the browser (ADR 035): one stream per tab (GET /api/Feed) while signed in,
 * read with fetch rather than EventSource because the API takes a bearer token, which EventSource
 * cannot send (a token in the URL would end up in logs). It behaves as EventSource does: the
 * server's `retry`, reconnection after a loss (2 s, then longer up to 15 s), and the last event id
 * sent back as Last-Event-ID so the stream resumes where it was; a `reload` event means events were
 * missed. Screens listen by event name (use-feed.ts); `live` says whether the stream is up, so
 * polls can stand down while it is (the upload queue).
 */
import { create } from 'zustand';
import { useSessionStore } from '../auth/session-store';
import { apiFetch } from '../api/http';
import { parseSse } from './sse-parse';

export interface Person {
  UserId: number;
  Name: string;
  Initials: string;
}

interface FeedState {
  /** The stream is open and the server said hello. */
  live: boolean;
  /** People per announced topic, as the server last said. */
  presence: Record<string, Person[]>;
}

export const useFeedStore = create<FeedState>(() => ({ live: false, presence: {} }));

type Listener = (data: any) => void;
const listeners = new Map<string, Set<Listener>>();

/** Hears every event of that name (records, jobs, reload); answers the unsubscribe. */
export function onFeed(event: string, listener: Listener): () => void {
  if (!listeners.has(event)) listeners.set(event, new Set());
  listeners.get(event)!.add(listener);
  return () => {
    listeners.get(event)?.delete(listener);
  };
}

function dispatch(event: string, data: unknown) {
  for (const l of [...(listeners.get(event) ?? [])]) {
    try {
      l(data);
    } catch (err) {
      console.error(err);
    }
  }
}

/** This tab's id on the feed (presence is per tab). */
export const CLIENT_ID = `tab-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;

let running = false;
let controller: AbortController | undefined;
let lastEventId: string | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function read(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = parseSse(buf + decoder.decode(value, { stream: true }));
    buf = rest;
    for (const e of events) {
      if (e.id) lastEventId = e.id;
      const data = e.data ? JSON.parse(e.data) : {};
      if (e.event === 'hello') {
        useFeedStore.setState({ live: true });
        void announce();
      } else if (e.event === 'presence') {
        useFeedStore.setState((s) => ({ presence: { ...s.presence, [data.Topic]: data.People } }));
      }
      dispatch(e.event, data);
    }
  }
}

async function loop() {
  let delay = 2000;
  while (running) {
    const token = useSessionStore.getState().session?.accessToken;
    if (token) {
      controller = new AbortController();
      const opened = Date.now();
      try {
        const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const res = await fetch(`/api/Feed?client=${CLIENT_ID}`, { headers, signal: controller.signal, cache: 'no-store' });
        if (res.ok && res.body) await read(res.body);
      } catch {
        /* lost: reconnect below */
      }
      useFeedStore.setState({ live: false });
      // A stream that ran a while (its token expired, the server restarted) reconnects soon; repeated failures back off.
      delay = Date.now() - opened > 30_000 ? 2000 : Math.min(delay * 2, 15_000);
    }
    if (running) await sleep(token ? delay : 1000);
  }
}

/** Opens the tab's stream (once; the app frame calls it while signed in); answers the stop. */
export function startFeed(): () => void {
  if (!running) {
    running = true;
    void loop();
  }
  return () => {
    running = false;
    controller?.abort();
    lastEventId = undefined;
    useFeedStore.setState({ live: false, presence: {} });
  };
}

// Presence: the topics this tab shows, announced on change and every 15 s (the server forgets a tab after 45 s).
const topics = new Map<string, number>();
let announced = '[]';
let timer: ReturnType<typeof setTimeout> | undefined;
let heartbeat: ReturnType<typeof setInterval> | undefined;

async function announce() {
  const list = [...topics.keys()].sort().slice(0, 10);
  const key = JSON.stringify(list);
  if (!list.length && announced === '[]') return;
  announced = key;
  try {
    await apiFetch('/api/Feed/Presence', { json: { Client: CLIENT_ID, Topics: list }, handleAuthErrors: false });
  } catch {
    /* the next heartbeat tries again */
  }
}

function scheduleAnnounce() {
  clearTimeout(timer);
  timer = setTimeout(() => void announce(), 150);
  if (topics.size && !heartbeat) heartbeat = setInterval(() => void announce(), 15_000);
  if (!topics.size && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/** Announces a topic ('record:colorway:12', 'grid:costing') while the screen shows it; answers the withdrawal. */
export function showTopic(topic: string): () => void {
  topics.set(topic, (topics.get(topic) ?? 0) + 1);
  scheduleAnnounce();
  return () => {
    const n = (topics.get(topic) ?? 1) - 1;
    if (n > 0) topics.set(topic, n);
    else topics.delete(topic);
    scheduleAnnounce();
  };
}
