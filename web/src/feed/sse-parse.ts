/** Server-Sent Events as the change feed sends them (ADR 035), read from a text stream in pieces. Pure. */

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * The complete events at the start of `buffer` and the rest (an event cut by the network waits for
 * its next piece). Comments (': ping') and `retry:` lines are skipped; several `data:` lines join
 * with newlines, as EventSource does.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const events: SseEvent[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n', start)) {
    const block = text.slice(start, end);
    start = end + 2;
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length || id !== undefined) events.push({ ...(id !== undefined ? { id } : {}), event, data: data.join('\n') });
  }
  return { events, rest: text.slice(start) };
}
