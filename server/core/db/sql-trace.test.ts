/** The embedded engine's statement trace (issue 31): its lines and the engine's own time by statement shape. */
import { describe, expect, it } from 'vitest';
import { parseTrace, summarise, traceLine } from './sql-trace';

describe('embedded engine statement trace (issue 31)', () => {
  it('a line per call, the statement on one line, read back as written', () => {
    const line = traceLine({ start: 10, end: 12.5, op: 'query', sql: 'SELECT *\n  FROM colorways\tWHERE id = $1' });
    expect(line).toBe('10.00 12.50 query SELECT * FROM colorways WHERE id = $1\n');
    expect(parseTrace(`${line}${traceLine({ start: 13, end: 14, op: 'end', sql: '' })}not a call\n`)).toEqual([
      { start: 10, end: 12.5, op: 'query', sql: 'SELECT * FROM colorways WHERE id = $1' },
      { start: 13, end: 14, op: 'end', sql: '' },
    ]);
  });

  it('calls waiting for the engine count only from the previous answer; shapes group by numbers', () => {
    const calls = parseTrace(
      [
        '0 10 begin ',
        '1 30 query UPDATE a SET x = 1 WHERE id = ANY($1)', // handed over at 1, engine free from 10: 20 ms
        '2 35 query SELECT count(*) FROM b', // waited behind the update: 5 ms of its own
        '40 60 query UPDATE a SET x = 2 WHERE id = ANY($1)',
        '61 62 end ',
      ]
        .map((l) => `${l}\n`)
        .join(''),
    );
    const { shapes, totalMs } = summarise(calls);
    expect(shapes.map((s) => [s.shape, s.calls, s.ms])).toEqual([
      ['query UPDATE a SET x = N WHERE id = ANY($N)', 2, 40],
      ['begin', 1, 10],
      ['query SELECT count(*) FROM b', 1, 5],
      ['end', 1, 1],
    ]);
    expect(totalMs).toBe(56);
    // From 39 ms on: the second update and the end only.
    expect(summarise(calls, 39).totalMs).toBe(21);
  });
});
