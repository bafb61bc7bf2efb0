/**
 * Bulk saves (a paste, a fill, an import batch): one transaction, one savepoint per row. A row
 * that fails (validation, field rights, stale version) is rolled back alone and reported by key
 * and field; the good rows are saved. Nothing is half-written: each row is all or nothing.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { AppError, type FieldError } from '../http/errors';
import { updateRecordIn } from './write';

export interface BulkRow { Key: number; RowVersion: number; Changes: Record<string, unknown> }
export interface BulkRowError { Key: number; Status: number; Message: string; Errors: FieldError[] }

export async function saveRows(ctx: AppContext, user: SessionUser, entity: string, keyField: string, rows: BulkRow[]) {
  return ctx.db.tx(async (q) => {
    const saved: Record<string, unknown>[] = [];
    const failed: BulkRowError[] = [];
    for (const row of rows) {
      await q.query('SAVEPOINT grid_row');
      try {
        saved.push(await updateRecordIn(ctx, q, user, entity, keyField, { id: row.Key, rowVersion: row.RowVersion, changes: row.Changes }));
        await q.query('RELEASE SAVEPOINT grid_row');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await q.query('ROLLBACK TO SAVEPOINT grid_row');
        failed.push({ Key: row.Key, Status: err.status, Message: err.message, Errors: err.errors });
      }
    }
    return { IsSuccessful: failed.length === 0, Saved: saved, Failed: failed };
  });
}
