/** Reads a change feed stream (GET /api/Feed, text/event-stream) event by event, for the API tests and the bench. */

export interface FeedEvent {
  id?: string;
  event: string;
  data: any;
  at: number;
}

export interface FeedReader {
  status: number;
  /** Every event received so far. */
  events: FeedEvent[];
  /** The next event (after those already taken by `next`) that `match` accepts; fails after `ms`. */
  next(match?: (e: FeedEvent) => boolean, ms?: number): Promise<FeedEvent>;
  /** Resolves when the server ended the stream; fails after `ms`. */
  ended(ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens a stream through `fetchFeed` (the app's fetch, or a real one) and reads it in the background. */
export async function openFeed(fetchFeed: () => Promise<Response>): Promise<FeedReader> {
  const res = await fetchFeed();
  const events: FeedEvent[] = [];
  let taken = 0;
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const reader = res.ok && res.body ? res.body.getReader() : undefined;
  if (reader) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buf += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const e: Partial<FeedEvent> = { event: 'message', at: Date.now() };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) e.id = line.slice(4);
              else if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (!data.length) continue;
            e.data = JSON.parse(data.join('\n'));
            events.push(e as FeedEvent);
            wake();
          }
        }
      } catch {
        /* cancelled */
      }
      done = true;
      wake();
    })();
  } else {
    done = true;
  }
  const wait = (test: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (test()) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what}: nothing after ${ms} ms`));
      }, ms);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
    });
  return {
    status: res.status,
    events,
    async next(match = () => true, ms = 5000) {
      let found = -1;
      await wait(
        () => {
          found = events.findIndex((e, i) => i >= taken && match(e));
          return found >= 0;
        },
        ms,
        'no matching event',
      );
      taken = found + 1;
      return events[found];
    },
    ended: (ms = 5000) => wait(() => done, ms, 'stream still open'),
    async close() {
      await reader?.cancel().catch(() => {});
    },
  };
}
