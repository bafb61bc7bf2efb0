/**
 * Bulk saves (a paste, a fill, an import batch) through the set-based records pipeline
 * (write.ts updateRecordsIn): a row that fails (validation, field rights, stale version) is
 * reported by key and field and not written; the good rows are saved; each row is all or nothing.
 *
 * Rows are saved in batches (`batchRows`: 200 embedded, 500 on a PostgreSQL server), one transaction each
 * (docs/decisions/013-bulk-writes.md): between batches the connection is free, so on the embedded database
 * (one connection) other users' requests go through while a 10,000-row paste saves. A request is therefore atomic per
 * batch, not as a whole; a row never is half-written. When a batch's statements fail on a database
 * rule no check foresaw, the batch is rolled back and saved again a row at a time (one savepoint
 * per row), so that one row is reported and the others saved.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { GridDoc } from '../schemas/documents';
import { AppError, badRequest, type FieldError } from '../http/errors';
import { holdSearchCatchUps } from '../search/catch-up';
import { answerUpdates, applyUpdates, checkUpdates, readForUpdates, yieldToOthers, type RowOutcome, type UpdatePlan, type UpdateRequest } from './write';
import { STALE, type Version } from './stale';

export interface BulkRow {
  Key: number;
  RowVersion: number;
  Changes: Record<string, unknown>;
}
/** A refused row; a stale one carries the stale-save fields too (stale.ts: Code 'stale', ChangedBy, ChangedOn, RowVersion). */
export interface BulkRowError {
  Key: number;
  Status: number;
  Message: string;
  Errors: FieldError[];
  Code?: string;
  ChangedBy?: string | null;
  ChangedOn?: string | null;
  RowVersion?: Version;
}

/**
 * Rows a batch (ADR 013): `BULK_BATCH_ROWS` if set; else 200 on the embedded database, whose one
 * connection other requests wait for while a batch writes, and 500 on a PostgreSQL server, whose pool
 * serves them meanwhile: there a 1,000-row save is two overlapping batches instead of five, ~10 % less
 * time with no longer wait for readers (bench/RESULTS.md, issue 31, 2026-12-02).
 */
export const batchRows = (config: { bulkBatchRows?: number }, kind: 'pglite' | 'postgres') => config.bulkBatchRows ?? (kind === 'postgres' ? 500 : 200);

/** A database error the checks did not foresee, as the row's error (no SQL or constraint names leave the server). */
const rowRefused = () => badRequest('This row could not be saved: a value is not accepted by the database.');

/** PostgreSQL data exceptions (class 22) and integrity violations (class 23): the row's values, not the server. */
export const isDataError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown })?.code ?? ''));

/** Writes the plan's rows one savepoint each, after its batch failed on a database rule: the row that breaks it is reported. */
export async function rowByRow(q: Queryable, plan: UpdatePlan) {
  const rows = plan.rows;
  plan.rows = [];
  for (const row of rows) {
    const one = { ...plan, rows: [row] };
    await q.query('SAVEPOINT bulk_row');
    try {
      await applyUpdates(q, one);
      await q.query('RELEASE SAVEPOINT bulk_row');
      plan.rows.push(...one.rows);
    } catch (err) {
      if (!isDataError(err)) throw err;
      await q.query('ROLLBACK TO SAVEPOINT bulk_row');
      plan.out[row.i] = { ok: false, error: rowRefused() };
    }
  }
}

/**
 * Saves the rows in batches; the outcome of each, in order. Each batch is worked out outside any
 * transaction (write.ts: `readForUpdates`, then `checkUpdates`: reads and hooks, no locks) and written
 * in one short transaction (applyUpdates: lock, re-check versions, write, audit), so the embedded
 * database's one connection is held only while a batch is written. `answer`: the fields the saved
 * records carry back.
 *
 * The batches overlap: the next batch's records are read before the current one's transaction, and
 * its hooks and checks run on this thread while the database writes the current one (on the
 * embedded database, in its worker). One batch is written at a time, in order. Reading a batch
 * before the one ahead of it commits changes nothing: the write re-checks every version under its
 * lock, and a record sent twice in one request is stale the second time either way.
 */
export async function saveRecords(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  keyField: string,
  reqs: UpdateRequest[],
  answer?: string[],
): Promise<RowOutcome[]> {
  const size = batchRows(ctx.config, ctx.db.kind);
  const batches: UpdateRequest[][] = [];
  for (let start = 0; start < reqs.length; start += size) batches.push(reqs.slice(start, start + size));
  const read = (b: number) => handled(readForUpdates(ctx, ctx.db, user, entity, keyField, batches[b]));
  const out: RowOutcome[] = [];
  let reading = batches.length ? read(0) : undefined;
  let writing: Promise<RowOutcome[]> | undefined;
  // The search catch-up after the last batch, not between two (catch-up.ts).
  const release = holdSearchCatchUps(ctx.db);
  try {
    for (let b = 0; b < batches.length; b++) {
      const plan = await checkUpdates(await reading!);
      await yieldToOthers();
      reading = b + 1 < batches.length ? read(b + 1) : undefined;
      if (writing) out.push(...(await writing));
      writing = handled(writeBatch(ctx, plan, answer));
    }
    if (writing) out.push(...(await writing));
    return out;
  } catch (err) {
    // Nothing left running behind the error: the batch being written ends (committed or not) first.
    await writing?.catch(() => {});
    throw err;
  } finally {
    release();
  }
}

/** A promise awaited later, kept from counting as an unhandled rejection meanwhile (the awaiting code still gets its error). */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** One batch's transaction (row by row after a database rule no check foresaw), then its saved records. */
async function writeBatch(ctx: AppContext, plan: UpdatePlan, answer?: string[]): Promise<RowOutcome[]> {
  try {
    await ctx.db.tx((q) => applyUpdates(q, plan));
  } catch (err) {
    if (err instanceof AppError || !isDataError(err)) throw err;
    await ctx.db.tx((q) => rowByRow(q, plan));
  }
  await yieldToOthers();
  return answerUpdates(ctx.db, plan, answer);
}

/** A stale row's fields of the stale-save answer, so a grid reloads it like a form does; none for other refusals. */
const staleFields = (error: AppError) => (error.code === STALE ? { Code: STALE, ...error.extra } : {});

/** A grid's save: the saved records carry the grid's `answer` fields (its columns). */
export async function saveRows(ctx: AppContext, user: SessionUser, entity: string, keyField: string, rows: BulkRow[], answer?: string[], screen?: string) {
  const outcomes = await saveRecords(
    ctx,
    user,
    entity,
    keyField,
    rows.map((r) => ({ id: r.Key, rowVersion: r.RowVersion, changes: r.Changes, screen })),
    answer,
  );
  const saved: Record<string, unknown>[] = [];
  const failed: BulkRowError[] = [];
  outcomes.forEach((o, n) => {
    if (o.ok) saved.push(o.record);
    else failed.push({ Key: rows[n].Key, Status: o.error.status, Message: o.error.message, Errors: o.error.errors, ...staleFields(o.error) });
  });
  return { IsSuccessful: failed.length === 0, Saved: saved, Failed: failed };
}

/** A refused row's message as the grid's screen words it (FLASH-014 'There was an error performing the update: …'), once. */
export function failedRowMessage(grid: GridDoc, message: string): string {
  const template = grid.messages?.failedRow;
  if (!template) return message;
  const [before, after = ''] = template.split('{message}');
  return message.startsWith(before) && message.endsWith(after) ? message : `${before}${message}${after}`;
}
