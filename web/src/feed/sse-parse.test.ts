import { describe, expect, it } from 'vitest';
import { parseSse } from './sse-parse';

describe('issue 30: the change feed stream read in pieces', () => {
  it('complete events with id, name and data; comments and retry skipped; a cut event waits for its rest', () => {
    const { events, rest } = parseSse('retry: 2000\n\n: ping\n\nid: ab.1\nevent: records\ndata: {"a":1}\n\nid: ab.2\nevent: jo');
    expect(events).toEqual([{ id: 'ab.1', event: 'records', data: '{"a":1}' }]);
    expect(parseSse(`${rest}bs\ndata: {}\n\n`).events).toEqual([{ id: 'ab.2', event: 'jobs', data: '{}' }]);
  });

  it('CRLF line ends, several data lines and an event without a name (message)', () => {
    expect(parseSse('data: one\r\ndata: two\r\n\r\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
