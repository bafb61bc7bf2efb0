/**
 * Counts the statements the application sends to its database while `fn` runs, inside and outside
 * transactions (issue 10 / 12: a grid save runs a fixed number of statements per batch, never one per
 * row or cell). `sql` lists them when a test needs to say which tables were read.
 */
import type { Db, Queryable } from '../../server/core/db/client';
import { BACKGROUND } from '../../server/core/db/client';

const SESSION_LOOKUP = /FROM sessions s JOIN users u/;

export async function countQueries<T>(db: Db, fn: () => Promise<T>): Promise<{ n: number; sql: string[]; result: T }> {
  const sql: string[] = [];
  // Work the server does by itself meanwhile (the search catch-up after a commit) is not the request's,
  // nor is the sign-in's session lookup: it runs whenever the session cache misses (time, not the request, decides).
  const push = (s: string) => {
    if (!s.startsWith(BACKGROUND) && !SESSION_LOOKUP.test(s)) sql.push(s);
  };
  const counting = (q: Queryable): Queryable => ({
    query: ((s: string, p?: unknown[], o?: unknown) => {
      push(s);
      return (q.query as any)(s, p, o);
    }) as Queryable['query'],
    exec: (s) => {
      push(s);
      return q.exec(s);
    },
  });
  const { query, tx } = db;
  db.query = ((s: string, p?: unknown[], o?: unknown) => {
    push(s);
    return (query as any).call(db, s, p, o);
  }) as typeof db.query;
  db.tx = ((f: (q: Queryable) => Promise<unknown>) => tx.call(db, (q) => f(counting(q)))) as typeof db.tx;
  try {
    const result = await fn();
    return { n: sql.length, sql, result };
  } finally {
    db.query = query;
    db.tx = tx;
  }
}
