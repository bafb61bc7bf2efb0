/**
 * Undo an upload (issue 28, ADR 033). A committed upload recorded, per written row, each cell of its
 * columns as [before, written] (import_rows.undo, commit.ts). Its undo is an import of the same kind
 * without a file (imports.undoof): its dry run builds the rows that put every such cell back to its
 * value before, except a cell whose value is no longer the one the upload wrote (changed again
 * since): that cell is listed (red, with its current value) and left alone. From there it is an
 * upload like any other: the records pipeline's checks without writing, confirm, the kind's commit
 * job, the audit trail, and an undo of its own.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import { column, selectFields, viewOf } from '../records/columns';
import { scope } from '../records/scope';
import { shapeOf } from '../records/write-rows';
import { nameFieldOf, referenceOf } from '../records/references';
import { planUpdates, yieldToOthers } from '../records/write';
import { importKind, PREVIEW_QUEUE, type ImportKind } from './kinds';
import { countRows, insertRows, type Import, type ImportRow } from './store';
import { refusal, same } from './preview';

/** Rows of the upload taken back per batch. */
const UNDO_BATCH = 1000;

export const UNDO_NAME = (fileName: string) => `Undo of ${fileName}`.slice(0, 255);
export const NOTHING_TO_UNDO = 'This upload has nothing to undo: it was saved before uploads recorded the values they replace.';
export const keptMessage = (now: string) => `Changed again since this upload (now ${now || 'blank'}); left as it is.`;

/** Whether the upload can be taken back: committed, of a kind that updates fields (not a handler's), with rows to restore. */
export function undoRefusal(imp: Import, kind: ImportKind): string | null {
  if (kind.doc.handler) return 'This upload cannot be undone: it writes more than field values (records, links or lists).';
  if (imp.status !== 'Committed') return 'Only a completed upload can be undone.';
  if (!imp.counts?.Saved) return 'This upload saved no rows: there is nothing to undo.';
  return null;
}

/** Creates the undo of a committed upload and queues its dry run; answers both ids. */
export function startUndo(ctx: AppContext, user: SessionUser, imp: Import, kind: ImportKind) {
  const refused = undoRefusal(imp, kind);
  if (refused) throw badRequest(refused, [{ Field: '', Message: refused }]);
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<{ importid: number }>(
      `INSERT INTO imports (kind, filename, filepath, params, createdby, undoof, columns) VALUES ($1, $2, '', $3, $4, $5, $6) RETURNING importid`,
      [imp.kind, UNDO_NAME(imp.filename), JSON.stringify(imp.params ?? {}), user.userId, imp.importid, JSON.stringify(imp.columns ?? [])],
    );
    const jobId = await ctx.jobs.enqueue(q, PREVIEW_QUEUE, { importId: row.importid }, { createdBy: user.userId, maxAttempts: 1 });
    await q.query('UPDATE imports SET previewjobid = $2 WHERE importid = $1', [row.importid, jobId]);
    return { ImportId: row.importid, PreviewJobId: jobId };
  });
}

type Rec = Record<string, unknown>;
interface SavedRow {
  rownumber: number;
  recordkey: number;
  label: string | null;
  cells: Record<string, [unknown, unknown]> | null;
  undo: Record<string, [unknown, unknown]>;
}

/** The records of a batch as they are now, within what the user may see, by key. */
async function currentRecords(ctx: AppContext, user: SessionUser, kind: ImportKind, keys: number[]) {
  const { schema, doc } = kind;
  const names = kind.editable
    .flatMap((f) => {
      const ref = referenceOf(schema.properties[f]);
      return ref ? [nameFieldOf(f, ref)] : [];
    })
    .filter((f) => f in schema.properties);
  const fields = [...new Set([...shapeOf(schema, doc.entity).storedFields, kind.keyField, ...doc.key, ...kind.editable, ...names])];
  const s = scope(schema, user, 1);
  const deleted = 'IsDeleted' in schema.properties ? [`NOT coalesce(${column(schema, 'IsDeleted')}, false)`] : [];
  const rows = await selectFields(
    ctx.db,
    schema,
    fields,
    `FROM ${viewOf(doc.entity)} WHERE ${[`${column(schema, kind.keyField)} = ANY($1)`, ...s.where, ...deleted].join(' AND ')}`,
    [keys, ...s.params],
  );
  return new Map(rows.map((r) => [r[kind.keyField] as number, r]));
}

const shown = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v));

/** One saved row of the upload → the undo's row: the cells to put back, the cells changed since. */
function undoRow(kind: ImportKind, saved: SavedRow, rec: Rec | undefined, keyTitle: string): { row: ImportRow; changes: Rec | null } {
  const row: ImportRow = {
    rownumber: saved.rownumber,
    recordkey: saved.recordkey,
    label: saved.label,
    rowversion: null,
    outcome: 'unchanged',
    cells: null,
    changes: null,
    errors: null,
    raw: null,
  };
  if (!rec) {
    row.outcome = 'unknown';
    row.errors = [{ Field: kind.doc.key[0], Message: `${keyTitle} ${saved.label ?? saved.recordkey} was not found (deleted, or no longer yours to see).` }];
    return { row, changes: null };
  }
  row.rowversion = rec.RowVersion as number;
  const changes: Rec = {};
  const cells: Record<string, [unknown, unknown]> = {};
  const raw: Record<string, unknown> = {};
  const kept: { Field: string; Message: string }[] = [];
  for (const [f, [before, written]] of Object.entries(saved.undo)) {
    const ref = referenceOf(kind.schema.properties[f]);
    const now = rec[f] ?? null;
    const nowShown = ref ? (rec[nameFieldOf(f, ref)] ?? now) : now;
    if (!same(now, written)) {
      kept.push({ Field: f, Message: keptMessage(shown(nowShown)) });
      raw[f] = nowShown;
      continue;
    }
    if (same(now, before)) continue;
    changes[f] = before;
    // The upload's own cells read [old, new] as the user read them (names for references): the undo shows them the other way.
    const seen = saved.cells?.[f];
    cells[f] = seen ? [seen[1], seen[0]] : [now, before];
  }
  row.cells = Object.keys(cells).length ? cells : null;
  row.raw = Object.keys(raw).length ? raw : null;
  row.errors = kept.length ? kept : null;
  if (!row.cells) return { row, changes: null };
  row.outcome = 'changed';
  row.changes = changes;
  return { row, changes };
}

/** The dry run of an undo: the undo's rows stored, the import Previewed (or Refused when the upload has nothing to take back). */
export async function previewUndo(ctx: AppContext, user: SessionUser, imp: Import, progress?: (done: number) => Promise<void>) {
  if (imp.status !== 'Previewing') return;
  const kind = importKind(ctx, imp.kind);
  await ctx.db.query('DELETE FROM import_rows WHERE importid = $1', [imp.importid]);
  const keyTitle = kind.schema.properties[kind.doc.key[0]]?.title ?? kind.doc.key[0];
  let after = 0;
  let done = 0;
  let keptCells = 0;
  for (;;) {
    const saved = await ctx.db.query<SavedRow>(
      `SELECT rownumber, recordkey, label, cells, undo FROM import_rows
        WHERE importid = $1 AND outcome = 'saved' AND undo IS NOT NULL AND rownumber > $2 ORDER BY rownumber LIMIT $3`,
      [imp.undoof, after, UNDO_BATCH],
    );
    if (!saved.length) break;
    after = saved[saved.length - 1].rownumber;
    const recs = await currentRecords(
      ctx,
      user,
      kind,
      saved.map((s) => s.recordkey),
    );
    const rows = saved.map((s) => undoRow(kind, s, recs.get(s.recordkey), keyTitle));
    keptCells += rows.reduce((n, r) => n + (r.row.errors?.filter((e) => e.Field !== kind.doc.key[0]).length ?? 0), 0);
    const toCheck = rows.filter((r) => r.changes);
    if (toCheck.length) {
      // The records pipeline's checks and hooks without writing, as for any upload's rows.
      const plan = await planUpdates(
        ctx,
        ctx.db,
        user,
        kind.doc.entity,
        kind.keyField,
        toCheck.map((r) => ({ id: r.row.recordkey!, rowVersion: r.row.rowversion!, changes: { ...r.changes }, screen: kind.screen })),
        new Map(toCheck.map((r) => [r.row.recordkey!, recs.get(r.row.recordkey!)!])),
      );
      plan.out.forEach((o, i) => {
        if (!o || o.ok) return;
        const row = toCheck[i].row;
        row.outcome = 'refused';
        row.errors = [...refusal(ctx, kind, o.error), ...(row.errors ?? [])];
      });
    }
    await insertRows(
      ctx.db,
      imp.importid,
      rows.map((r) => r.row),
    );
    done += saved.length;
    await progress?.(done);
    await yieldToOthers();
  }
  if (!done) {
    await ctx.db.query(`UPDATE imports SET status = 'Refused', message = $2, errors = '[]' WHERE importid = $1`, [imp.importid, NOTHING_TO_UNDO]);
    return;
  }
  const counts = await countRows(ctx.db, imp.importid);
  const message = keptCells
    ? `${keptCells.toLocaleString('en-US')} ${keptCells === 1 ? 'cell was' : 'cells were'} changed again since the upload and ${keptCells === 1 ? 'is' : 'are'} left as ${keptCells === 1 ? 'it is' : 'they are'} (marked red in the rows).`
    : null;
  await ctx.db.query(`UPDATE imports SET status = 'Previewed', counts = $2, message = $3 WHERE importid = $1`, [imp.importid, JSON.stringify(counts), message]);
}
