/** Issue 10: prepared statements on PGlite (PREPARE/EXECUTE with literal parameters) answer as plain queries do. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from './client';
import { sqlLiteral } from './sql-literal';

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text, tags text[], price numeric, day date);
                 INSERT INTO t VALUES (1, 'O''Brien \\ "x"', '{a,"b c"}', 12.5, '2026-01-02'), (2, NULL, '{}', NULL, NULL), (3, 'Zoë', '{"q\\"uote"}', 3, '2026-12-31')`);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const SQL = 'SELECT id, name, tags, price, day FROM t WHERE id = ANY($1) AND (name ILIKE $2 OR $2 IS NULL OR name IS NULL) ORDER BY id LIMIT $3';

describe('issue 10: prepared statements on PGlite', () => {
  it('answer exactly what the plain query answers, for quotes, backslashes, arrays, null and unicode', async () => {
    for (const params of [
      [[1, 2, 3], '%', 10],
      [[1], "%o'b%", 5],
      [[3], '%zoë%', 1],
      [[2, 3], null, 2],
    ]) {
      expect(await db.query(SQL, params, { prepare: true })).toEqual(await db.query(SQL, params));
    }
  });

  it('many first uses at once share one PREPARE', async () => {
    const text = 'SELECT name FROM t WHERE id = $1';
    const answers = await Promise.all([1, 2, 3, 1, 2, 3].map((id) => db.query(text, [id], { prepare: true })));
    expect(answers.map((r) => r[0].name)).toEqual([`O'Brien \\ "x"`, null, 'Zoë', `O'Brien \\ "x"`, null, 'Zoë']);
  });

  it('work inside a transaction', async () => {
    const rows = await db.tx((q) => q.query('SELECT count(*)::int AS n FROM t WHERE id > $1', [1], { prepare: true }));
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('refuse what cannot be a parameter', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
    expect(sqlLiteral([1, null, 'x"y'])).toBe(`'{"1",NULL,"x\\"y"}'`);
  });
});
