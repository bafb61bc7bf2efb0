/**
 * The dry run of an upload (issue 13 "preview before commit"): the file's rows are read (one row
 * stream for .xlsx and .xls, workbook.ts), each row's record is found by the kind's key fields
 * within what the user may see, the cells are compared with the record, and the rows that change
 * something run through the records pipeline's checks and hooks (write.ts planUpdates: the same
 * rules as a grid save, no write). Each row's outcome is stored (import_rows) for the preview grid,
 * the commit job and the failed-rows file. Rows are worked a batch at a time; nothing of the
 * file is held whole.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import { AppError, type FieldError } from '../http/errors';
import { fieldAccess } from '../schemas/visibility';
import { column, selectFields, viewOf } from '../records/columns';
import { scope } from '../records/scope';
import { shapeOf } from '../records/write-rows';
import { nameFieldOf, referenceOf, referenceOptions } from '../records/references';
import type { ReferenceSpec } from '../schemas/documents';
import { planUpdates, yieldToOthers } from '../records/write';
import { failedRowMessage } from '../records/bulk';
import { importKind, NOT_EXCEL, type ImportKind } from './kinds';
import { importHandler } from './handlers';
import { insertRows, loadImport, countRows, type ImportRow } from './store';
import type { ReadRow } from './workbook';
import { openWorkbookInWorker } from './read-in-worker';
import { filesPath } from '../files/storage';

/** File rows worked per batch: key lookup, comparison and checks are one statement each per batch. */
export const PREVIEW_BATCH = 1000;

type Rec = Record<string, unknown>;

const lower = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toLowerCase();

/** Whether a cell's value equals the stored one (empty and null are the same; numbers by value). */
export function same(old: unknown, next: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(old) || empty(next)) return empty(old) && empty(next);
  if (typeof next === 'number') return Math.abs(Number(old) - next) < 1e-9;
  if (typeof next === 'boolean') return old === next;
  return String(old).trim() === String(next);
}

/** The record key a row without its first key field gives (the export's key column, issue 27), if any. */
const keyOf = (kind: ImportKind, r: ReadRow): number | undefined => {
  const id = r.values[kind.keyField];
  return !lower(r.values[kind.doc.key[0]]) && typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The visible records the batch's key values name, by the lower-cased first key value (and, for rows
 * without it, by record key): their stored fields (what the records pipeline's checks read, handed
 * to it so it reads nothing again), the key fields and the names of the reference columns the upload
 * may change. One statement per batch.
 */
async function findRecords(ctx: AppContext, user: SessionUser, kind: ImportKind, batch: ReadRow[]) {
  const { schema, doc } = kind;
  const shape = shapeOf(schema, doc.entity);
  const named = batch.filter((r) => lower(r.values[doc.key[0]]));
  const keys = [...new Set(named.map((r) => lower(r.values[doc.key[0]])))];
  const ids = [...new Set(batch.map((r) => keyOf(kind, r)).filter((id) => id !== undefined))];
  // The other key fields narrow the read when every row gives them (a stock number lives in several seasons).
  const narrow = doc.key.slice(1).filter((f) => named.every((r) => lower(r.values[f])));
  const byId = ids.length ? ` OR ${column(schema, kind.keyField)} = ANY($${2 + narrow.length})` : '';
  const s = scope(schema, user, 1 + narrow.length + (ids.length ? 1 : 0));
  const deleted = 'IsDeleted' in schema.properties ? [`NOT coalesce(${column(schema, 'IsDeleted')}, false)`] : [];
  const names = kind.editable
    .flatMap((f) => {
      const ref = referenceOf(schema.properties[f]);
      return ref ? [nameFieldOf(f, ref)] : [];
    })
    .filter((f) => f in schema.properties);
  const fields = [...new Set([...shape.storedFields, ...doc.key, ...kind.editable, ...names])];
  const rows = await selectFields(
    ctx.db,
    schema,
    [...new Set([...fields, kind.keyField])],
    `FROM ${viewOf(doc.entity)} WHERE (${[doc.key[0], ...narrow].map((f, i) => `lower(${column(schema, f)}) = ANY($${i + 1})`).join(' AND ')}${byId})
       AND ${[...s.where, ...deleted].join(' AND ') || 'true'}`,
    [keys, ...narrow.map((f) => [...new Set(named.map((r) => lower(r.values[f])))]), ...(ids.length ? [ids] : []), ...s.params],
  );
  const by = new Map<string, Rec[]>();
  const byKey = new Map<number, Rec>();
  for (const r of rows) {
    const k = lower(r[doc.key[0]]);
    if (k) by.set(k, [...(by.get(k) ?? []), r]);
    byKey.set(r[kind.keyField] as number, r);
  }
  return { by, byKey };
}

const keyTitle = (kind: ImportKind, f: string) => kind.schema.properties[f]?.title ?? f;

/** The choices of a reference source by scope, loaded once per import: lower-cased name or key → key. */
export type ReferenceCache = Map<string, Promise<Map<string, number | string>>>;

/**
 * A reference cell's key from the name the file holds (or the key itself), within the record's scope
 * (e.g. the users of its brand); undefined when nothing of that name may be chosen.
 */
async function referenceKey(
  ctx: AppContext,
  user: SessionUser,
  cache: ReferenceCache,
  ref: ReferenceSpec,
  rec: Rec,
  _schema: ImportKind['schema'],
  name: unknown,
) {
  const filters = Object.fromEntries(Object.entries(ref.scope ?? {}).map(([param, field]) => [param, rec[String(field)] as number]));
  const id = `${ref.source}:${JSON.stringify(filters)}`;
  if (!cache.has(id)) {
    cache.set(
      id,
      referenceOptions(ctx, user, ref.source, filters).then((options) => {
        const by = new Map<string, number | string>();
        for (const o of options ?? []) {
          by.set(lower(o.value), o.value);
          if (!by.has(lower(o.label))) by.set(lower(o.label), o.value);
        }
        return by;
      }),
    );
  }
  return (await cache.get(id)!).get(lower(name));
}

/**
 * Works one batch of file rows into import rows: found, compared, checked. `seen`: the records
 * earlier rows of the file change (a record is changed by one row of a file only).
 */
export async function previewBatch(
  ctx: AppContext,
  user: SessionUser,
  kind: ImportKind,
  params: Rec,
  batch: ReadRow[],
  seen: Map<number, number>,
  refs: ReferenceCache,
  opts: { everyFoundRow?: boolean } = {},
): Promise<ImportRow[]> {
  const { schema, doc } = kind;
  const access = fieldAccess(ctx.schemas, user, doc.entity);
  const [first, ...rest] = doc.key;
  const found = await findRecords(ctx, user, kind, batch);
  const out: ImportRow[] = [];
  const toCheck: { n: number; rec: Rec; changes: Rec }[] = [];
  for (const r of batch) {
    const named = r.values[first] === null || r.values[first] === undefined || r.values[first] === '' ? null : String(r.values[first]);
    // A row without its first key field is found by the record key the export wrote (issue 27).
    const id = keyOf(kind, r);
    const label = named ?? (id === undefined ? null : `${keyTitle(kind, kind.keyField)} ${id}`);
    const row: ImportRow = {
      rownumber: r.row,
      recordkey: null,
      label,
      rowversion: null,
      outcome: 'refused',
      cells: null,
      changes: null,
      errors: null,
      raw: r.raw,
    };
    out.push(row);
    if (!label) {
      row.errors = [{ Field: first, Message: `${keyTitle(kind, first)} is required.` }];
      continue;
    }
    // The record: the first key's matches narrowed by the other key fields given in the file or the upload's season.
    let matches = named ? (found.by.get(lower(named)) ?? []) : [found.byKey.get(id!)].filter((m) => m !== undefined);
    for (const f of named ? rest : []) {
      const v = r.values[f];
      if (v !== null && v !== undefined && v !== '') matches = matches.filter((m) => lower(m[f]) === lower(v));
    }
    if (params.SeasonId) matches = matches.filter((m) => m.SeasonId === params.SeasonId);
    if (!matches.length) {
      row.outcome = 'unknown';
      row.errors = [{ Field: named ? first : kind.keyField, Message: `${named ? `${keyTitle(kind, first)} ` : ''}${label} was not found.` }];
      continue;
    }
    if (matches.length > 1) {
      row.errors = [
        { Field: rest[0] ?? first, Message: `${keyTitle(kind, first)} ${label} is in several seasons: give its ${keyTitle(kind, rest[0] ?? 'SeasonName')}.` },
      ];
      continue;
    }
    const rec = matches[0];
    row.recordkey = rec[kind.keyField] as number;
    row.rowversion = rec.RowVersion as number;
    const earlier = seen.get(row.recordkey);
    if (earlier !== undefined) {
      row.errors = [{ Field: first, Message: `Row ${earlier} of this file already changes this record.` }];
      continue;
    }
    seen.set(row.recordkey, r.row);
    const errors: FieldError[] = r.errors.map((e) => ({ Field: e.Field, Message: e.Message }));
    const changes: Rec = {};
    const cells: Record<string, [unknown, unknown]> = {};
    for (const f of kind.editable) {
      if (!(f in r.values) || r.errors.some((e) => e.Field === f)) continue;
      const next = r.values[f];
      const input = schema.properties[f]?.['x-input'];
      if (access.hidden.has(f)) {
        // PERM-029: a column the user may not see is neither shown nor changed; a value in it refuses the row.
        if (next !== null && next !== undefined && next !== '') errors.push({ Field: f, Message: 'You may not change this column.' });
        continue;
      }
      // An input-only field (x-input, e.g. the forecast's Launch number) is compared with what the view shows for it, if anything;
      // left empty it changes nothing (its stored fields are the hooks' business).
      const old = rec[f] ?? null;
      const ref = referenceOf(schema.properties[f]);
      if (ref) {
        // A reference: the file names it; the change is its key, the preview shows the names. The name it has now is
        // no change, even when it is no longer a choice (a Locked status): an unchanged export uploads back (issue 28).
        const shown = rec[nameFieldOf(f, ref)];
        if (next !== null && next !== undefined && shown !== null && shown !== undefined && lower(shown) === lower(next)) continue;
        const key = next === null || next === undefined ? null : await referenceKey(ctx, user, refs, ref, rec, schema, next);
        if (key === undefined) {
          errors.push({ Field: f, Message: `'${next}' is not a choice of ${keyTitle(kind, f)}.` });
          continue;
        }
        if (same(old, key)) continue;
        changes[f] = key;
        cells[f] = [rec[nameFieldOf(f, ref)] ?? old, String(next)];
        continue;
      }
      if (same(old, next) || (input && (next === null || next === undefined))) continue;
      changes[f] = next === '' ? null : next;
      cells[f] = [old, changes[f]];
    }
    row.cells = Object.keys(cells).length ? cells : null;
    row.changes = Object.keys(changes).length ? changes : null;
    if (errors.length) {
      row.errors = errors;
      continue;
    }
    if (!row.changes) {
      // A handler that writes every found row (the mass carryover) takes it with no cells of its own.
      if (!opts.everyFoundRow) {
        row.outcome = 'unchanged';
        continue;
      }
      row.changes = {};
    }
    row.outcome = 'changed';
    // Such a handler checks its rows itself: the records pipeline's checks are for field updates.
    if (opts.everyFoundRow) continue;
    toCheck.push({ n: out.length - 1, rec, changes });
  }
  if (toCheck.length) {
    // The records pipeline's own checks and hooks, without writing (the commit runs them again when it writes).
    const plan = await planUpdates(
      ctx,
      ctx.db,
      user,
      doc.entity,
      kind.keyField,
      toCheck.map((c) => ({ id: c.rec[kind.keyField] as number, rowVersion: c.rec.RowVersion as number, changes: { ...c.changes }, screen: kind.screen })),
      new Map(toCheck.map((c) => [c.rec[kind.keyField] as number, c.rec])),
    );
    plan.out.forEach((o, i) => {
      if (!o || o.ok) return;
      const row = out[toCheck[i].n];
      row.outcome = 'refused';
      row.errors = refusal(ctx, kind, o.error);
    });
  }
  return out;
}

/** A refused row's errors: its message (in the screen's words, FLASH-014; a conflict keeps its own) then its field errors. */
export function refusal(ctx: AppContext, kind: ImportKind, error: AppError): FieldError[] {
  const grid = kind.screen ? ctx.schemas.grids.get(kind.screen) : undefined;
  const message = grid && error.status !== 409 ? failedRowMessage(grid, error.message) : error.message;
  const fields = (error.errors ?? []).map((e) => ({ Field: e.Field.replace(/^\//, ''), Message: e.Message }));
  return [{ Field: '', Message: message }, ...fields.filter((e) => e.Message !== error.message)];
}

/**
 * Runs the dry run of an import and stores its rows; a file that cannot be read is 'Refused' with
 * the reader's message and errors (by row and column), and nothing of it is kept.
 */
export async function runPreview(ctx: AppContext, user: SessionUser, importId: number, progress?: (done: number) => Promise<void>) {
  const imp = await loadImport(ctx.db, importId);
  if (imp?.status !== 'Previewing') return;
  const kind = importKind(ctx, imp.kind);
  await ctx.db.query('DELETE FROM import_rows WHERE importid = $1', [importId]);
  // A handler's kind (ADR 028) gives its own columns and works its own rows.
  const handler = importHandler(kind.doc.handler);
  try {
    const fileColumns = handler ? await handler.columns(ctx, user, imp.params) : kind.columns;
    const read = await openWorkbookInWorker(filesPath(ctx.config.dataDir, imp.filepath), imp.filename, {
      columns: fileColumns,
      keyFields: handler?.keyFields ?? [kind.doc.key[0]],
      notExcel: kind.doc.messages?.notExcel ?? NOT_EXCEL,
    });
    const columns = read.columns.map((c) => {
      const col = fileColumns.find((k) => k.field === c.field);
      return { Field: c.field, Title: kind.schema.properties[c.field]?.title ?? col?.headers[0] ?? c.field, Type: col?.type ?? 'text', Column: c.column };
    });
    const seen = new Map<number, number>();
    const refs: ReferenceCache = new Map();
    let batch: ReadRow[] = [];
    let done = 0;
    const flush = async () => {
      const rows = handler ? await handler.preview(ctx, user, batch, seen, imp.params) : await previewBatch(ctx, user, kind, imp.params, batch, seen, refs);
      await insertRows(ctx.db, importId, rows);
      done += batch.length;
      batch = [];
      await progress?.(done);
      await yieldToOthers();
    };
    for await (const row of read.rows) {
      batch.push(row);
      if (batch.length >= PREVIEW_BATCH) await flush();
    }
    if (batch.length) await flush();
    const counts = await countRows(ctx.db, importId);
    await ctx.db.query(`UPDATE imports SET status = 'Previewed', columns = $2, counts = $3, message = $4, sheet = $5 WHERE importid = $1`, [
      importId,
      JSON.stringify(columns),
      JSON.stringify(counts),
      read.ignored.length ? `Columns not used: ${read.ignored.join(', ')}.` : null,
      read.sheet,
    ]);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await ctx.db.query('DELETE FROM import_rows WHERE importid = $1', [importId]);
    await ctx.db.query(`UPDATE imports SET status = 'Refused', message = $2, errors = $3 WHERE importid = $1`, [
      importId,
      err.message,
      JSON.stringify(err.errors ?? []),
    ]);
  }
}
