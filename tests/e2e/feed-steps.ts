/**
 * The change feed as a browser receives it, at the network level (issue 30): the bytes of the
 * app's own `/api/Feed` stream, read through the DevTools protocol (Network.streamResourceContent,
 * then each Network.dataReceived's data), not through the app's code. Attach before signing in, so
 * the stream opened at sign-in is read from its first byte.
 */
import type { Page } from 'playwright-core';

export interface TappedEvent {
  event: string;
  id?: string;
  data: any;
  at: number;
}

export interface FeedTap {
  /** Everything every feed stream of the page received, as text. */
  text(): string;
  events: TappedEvent[];
  /** The first `records` event of `entity` holding record `id` (at `version` when given), waiting up to `ms` for it. */
  recordEvent(entity: string, id: number, opts?: { version?: number; ms?: number }): Promise<TappedEvent>;
}

export async function tapFeed(page: Page): Promise<FeedTap> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const events: TappedEvent[] = [];
  let text = '';
  // Per stream: its unparsed tail, and the chunks heard before its buffered start came back (kept in order).
  const streams = new Map<string, { buf: string; started: boolean; early: string[] }>();
  const take = (s: { buf: string }, b64: string) => {
    const chunk = Buffer.from(b64, 'base64').toString('utf8');
    text += chunk;
    s.buf += chunk;
    let cut: number;
    while ((cut = s.buf.indexOf('\n\n')) >= 0) {
      const block = s.buf.slice(0, cut);
      s.buf = s.buf.slice(cut + 2);
      const e: Partial<TappedEvent> = { event: 'message', at: Date.now() };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) e.id = line.slice(4);
        else if (line.startsWith('event: ')) e.event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length) events.push({ ...e, data: JSON.parse(data.join('\n')) } as TappedEvent);
    }
  };
  cdp.on('Network.responseReceived', (e) => {
    if (new URL(e.response.url).pathname.toLowerCase() !== '/api/feed') return;
    const s = { buf: '', started: false, early: [] as string[] };
    streams.set(e.requestId, s);
    void cdp.send('Network.streamResourceContent', { requestId: e.requestId }).then(
      (r) => {
        take(s, r.bufferedData);
        s.started = true;
        for (const d of s.early.splice(0)) take(s, d);
      },
      () => {},
    );
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = streams.get(e.requestId);
    if (!s || !e.data) return;
    if (s.started) take(s, e.data);
    else s.early.push(e.data);
  });
  return {
    text: () => text,
    events,
    async recordEvent(entity, id, { version, ms = 5000 } = {}) {
      const deadline = Date.now() + ms;
      const holds = (r: { Id: number; Fields: Record<string, unknown> }) => r.Id === id && (version === undefined || r.Fields.RowVersion === version);
      for (;;) {
        const found = events.find((e) => e.event === 'records' && e.data.Entity === entity && e.data.Records.some(holds));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no records event of ${entity} ${id} on the page's feed after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
