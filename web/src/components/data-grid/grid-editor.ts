/**
 * The edit path of a GridTable, shared by typing, fill, Handsontable's undo/redo and our own
 * paste: cell changes → values checked and previewed at once (grid-previews) → the rows saved in
 * chunks (progress between calls) → the server's values painted, refused rows rolled back with
 * their per-cell errors, rows changed by someone else (409) reported as stale. Work over many
 * cells runs in slices with a yield to the browser between them, so a 10,000-row paste never
 * blocks the page; a paste is ONE undo step (its own entry in Handsontable's undo stack).
 */
import type Handsontable from 'handsontable/base';
import { batchChanges, failedToErrors, isStale, recordsBefore, writesAfterSave, type CellChange, type CellErrors, type GridRecord, type SaveAnswer, type SaveRow } from './change-batch';
import { toServerValue } from './cell-values';
import { shownField, type GridColumn } from './columns';
import { todayIso } from '../../format/business-date';
import { cellLock, previewRow } from './grid-previews';
import { matchOption, NOT_IN_LIST, referenceOptions } from './reference-cells';

/** A cell change with the value the cell held before. */
export type EditCell = CellChange & { old: unknown };

/** Rows written per slice of a paste; cells checked per slice of a save. */
export const SLICE_ROWS = 250;
const SLICE_CELLS = 2_500;

/** Lets the browser paint and handle input between slices. */
export const yieldToBrowser = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
};

export interface EditorHost {
  hot(): Handsontable | null | undefined;
  /** The records in grid (physical) order. */
  records(): GridRecord[];
  recordByKey(key: number): GridRecord | undefined;
  columns(): readonly GridColumn[];
  keyField(): string;
  errors: CellErrors;
  save?: (rows: SaveRow[], onChunk: (answer: SaveAnswer, done: number, total: number) => void) => Promise<Pick<SaveAnswer, 'Saved' | 'Failed'>>;
  onSaved?: (result: { saved: number; failed: number }) => void;
  onPending?: (pending: boolean) => void;
  onProgress?: (done: number, total: number) => void;
  onStale?: (keys: number[]) => void;
  /** The screen's wrapper of a refused row's messages (FLASH-014). */
  failedText?: (message: string) => string;
}

/** The changes split into runs of about SLICE_CELLS cells, never splitting one record's changes. */
function runs(list: readonly EditCell[]): EditCell[][] {
  const out: EditCell[][] = [];
  let start = 0;
  while (start < list.length) {
    let end = Math.min(start + SLICE_CELLS, list.length);
    while (end < list.length && list[end].key === list[end - 1].key) end++;
    out.push(list.slice(start, end));
    start = end;
  }
  return out;
}

export class GridEditor {
  private chain: Promise<void> = Promise.resolve();
  private renderQueued = false;

  constructor(private readonly host: EditorHost) {}

  /**
   * One full render of the grid in the next frame, however many writes asked for it: a render
   * measures the viewport (a forced layout), so it runs as its own task, never inside a slice.
   */
  requestRender() {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.host.hot()?.render();
    });
  }

  /** Queues a batch of changes the grid already shows (typing, fill, Handsontable undo/redo). */
  commit(list: EditCell[]): Promise<void> {
    const run = () => this.save(list);
    this.chain = this.chain.then(run, run);
    return this.chain;
  }

  /**
   * Pastes a table of text at a selection (visual rows and columns): values written in slices,
   * one undo entry, then saved. One value over a larger selection fills it, as in Excel; rows past
   * the last record are dropped (the grid edits existing records).
   */
  paste(table: string[][], top: { row: number; col: number }, bottom: { row: number; col: number }): Promise<void> {
    const run = () => this.pasteNow(table, top, bottom);
    this.chain = this.chain.then(run, run);
    return this.chain;
  }

  /** The area a paste covers: its last row and column (visual), within the grid. */
  static area(table: string[][], top: { row: number; col: number }, bottom: { row: number; col: number }, rowCount: number, colCount: number) {
    const single = table.length === 1 && table[0].length === 1;
    const rows = single ? bottom.row - top.row + 1 : table.length;
    const width = single ? bottom.col - top.col + 1 : Math.max(...table.map((r) => r.length));
    return { single, lastRow: Math.min(top.row + rows, rowCount) - 1, lastCol: Math.min(top.col + width, colCount) - 1 };
  }

  private async pasteNow(table: string[][], top: { row: number; col: number }, bottom: { row: number; col: number }) {
    const hot = this.host.hot();
    if (!hot) return;
    const cols = this.host.columns();
    const kf = this.host.keyField();
    const records = this.host.records();
    const { single, lastRow, lastCol } = GridEditor.area(table, top, bottom, hot.countRows(), cols.length);
    const list: EditCell[] = [];
    const locked = new Map<number, Map<string, string>>();
    await yieldToBrowser(); // the clipboard text was parsed in the paste event's task
    for (let from = top.row; from <= lastRow; from += SLICE_ROWS) {
      const to = Math.min(lastRow, from + SLICE_ROWS - 1);
      for (let r = from; r <= to; r++) {
        const rec = records[hot.toPhysicalRow(r)];
        if (!rec) continue;
        const key = Number(rec[kf]);
        for (let c = top.col; c <= lastCol; c++) {
          const col = cols[c];
          if (!col || col.readOnly) continue;
          const text = single ? table[0][0] : table[r - top.row][c - top.col];
          if (text === undefined) continue;
          const field = shownField(col);
          const lock = cellLock(rec, field);
          if (lock?.refuse) {
            if (!locked.has(key)) locked.set(key, new Map());
            locked.get(key)!.set(field, lock.message ?? '');
            continue;
          }
          const v = toServerValue(col, text);
          const value = v.ok ? v.value : text;
          list.push({ key, field, value, old: rec[field] });
          rec[field] = value;
        }
      }
      if (to < lastRow) await yieldToBrowser();
    }
    hot.selectCell(top.row, top.col, lastRow, lastCol, false);
    if (!list.length && !locked.size) { this.requestRender(); return; }
    this.remember(hot, list);
    await this.save(list, locked);
  }

  /** One entry in Handsontable's undo stack for a paste: undo writes the old values back (and saves them), redo the pasted ones. */
  private remember(hot: Handsontable, list: readonly EditCell[]) {
    const replay = (pick: (e: EditCell) => unknown) => {
      const cells: EditCell[] = [];
      for (const e of list) {
        const rec = this.host.recordByKey(e.key);
        if (!rec) continue;
        cells.push({ key: e.key, field: e.field, value: pick(e), old: rec[e.field] });
        rec[e.field] = pick(e);
      }
      this.requestRender();
      void this.commit(cells);
    };
    const undoRedo = hot.getPlugin('undoRedo') as unknown as { enabled: boolean; done: (action: () => unknown, source?: string) => void } | undefined;
    if (!undoRedo?.enabled) return;
    undoRedo.done(() => ({
      actionType: 'gridPaste',
      undo: (_: unknown, done: () => void) => { done(); replay((e) => e.old); },
      redo: (_: unknown, done: () => void) => { done(); replay((e) => e.value); },
    }), 'gridPaste');
  }

  /**
   * Names typed or pasted into reference cells → the chosen records' ids (the name change stays in
   * the list, so a refused row gets its old name back); a name not among the row's choices is
   * refused with NOT_IN_LIST.
   */
  private async resolveReferences(list: EditCell[], refused: CellErrors): Promise<EditCell[]> {
    const byName = new Map(this.host.columns().filter((c) => c.ref && c.nameField && !c.readOnly).map((c) => [c.nameField!, c]));
    if (!byName.size || !list.some((e) => byName.has(e.field))) return list;
    const out: EditCell[] = [];
    for (const e of list) {
      out.push(e);
      const col = byName.get(e.field);
      const rec = col && this.host.recordByKey(e.key);
      if (!col || !rec) continue;
      const blank = e.value === null || e.value === undefined || String(e.value).trim() === '';
      const option = blank ? undefined : matchOption(await referenceOptions(col.ref!, rec).catch(() => []), e.value);
      if (!option && !(blank && col.nullable)) {
        if (!refused.has(e.key)) refused.set(e.key, new Map());
        refused.get(e.key)!.set(col.field, NOT_IN_LIST);
        continue;
      }
      out.push({ key: e.key, field: col.field, value: option ? option.value : null, old: rec[col.field] });
      rec[col.field] = option ? option.value : null;
      rec[e.field] = option ? option.label : null;
    }
    return out;
  }

  /** Checks, previews and saves changes the records already show; `locked`: cells refused by row state. */
  private async save(edits: EditCell[], locked: CellErrors = new Map()) {
    const { host } = this;
    const list = await this.resolveReferences(edits, locked = new Map(locked));
    const cols = host.columns();
    const kf = host.keyField();
    const errors = host.errors;
    const today = todayIso();
    const before = new Map<number, GridRecord>();
    const rows: SaveRow[] = [];
    const invalid: CellErrors = new Map(locked);
    const slices = runs(list);
    for (let i = 0; i < slices.length; i++) {
      const slice = slices[i];
      const sliceBefore = recordsBefore(host.recordByKey.bind(host), slice);
      for (const [k, v] of sliceBefore) before.set(k, v);
      const batch = batchChanges(sliceBefore, slice, cols);
      for (const ch of slice) {
        const m = errors.get(ch.key);
        if (m) { m.delete(ch.field); m.delete(''); if (!m.size) errors.delete(ch.key); }
      }
      for (const [key, m] of batch.invalid) invalid.set(key, m);
      for (const row of batch.rows) {
        if (invalid.has(row.Key)) continue;
        const rec = host.recordByKey(row.Key);
        // The version to send is the record's current one (an earlier batch may have moved it on).
        row.RowVersion = Number(rec?.RowVersion ?? row.RowVersion);
        rows.push(row);
        if (rec) Object.assign(rec, previewRow(sliceBefore.get(row.Key)!, row.Changes, today), row.Changes);
      }
      if (i < slices.length - 1) await yieldToBrowser();
    }
    for (const key of locked.keys()) if (!before.has(key)) { const rec = host.recordByKey(key); if (rec) before.set(key, { ...rec }); }
    for (const [key, m] of invalid) errors.set(key, m);
    this.requestRender();

    const fields = [...new Set([...cols.map((c) => shownField(c)), ...cols.map((c) => c.field)])];
    const paint = (answer: Pick<SaveAnswer, 'Saved' | 'Failed'>, rejected: Iterable<number> = []) => {
      for (const [key, m] of failedToErrors(answer.Failed, host.failedText)) errors.set(key, m);
      for (const s of answer.Saved) errors.delete(Number(s[kf]));
      for (const w of writesAfterSave(before, answer, rejected, kf, fields)) {
        const rec = host.recordByKey(w.key);
        if (rec) rec[w.field] = w.value;
      }
      const stale = answer.Failed.filter(isStale).map((f) => Number(f.Key));
      if (stale.length) host.onStale?.(stale);
      this.requestRender();
    };

    let saved = 0;
    let failed = 0;
    if (rows.length && host.save) {
      host.onPending?.(true);
      host.onProgress?.(0, rows.length);
      try {
        const answer = await host.save(rows, (chunk, done, total) => {
          paint(chunk);
          host.onProgress?.(done, total);
        });
        saved = answer.Saved.length;
        failed = answer.Failed.length;
      } catch (err) {
        const message = err instanceof Error ? err.message : 'The changes could not be saved.';
        // Rows of chunks that did get an answer are painted already; the rest go back.
        const unanswered = rows.filter((r) => !errors.has(r.Key) && before.get(r.Key)?.RowVersion === host.recordByKey(r.Key)?.RowVersion);
        paint({ Saved: [], Failed: unanswered.map((r) => ({ Key: r.Key, Status: 0, Message: message })) });
        failed = unanswered.length;
      } finally {
        host.onPending?.(false);
      }
    }
    paint({ Saved: [], Failed: [] }, invalid.keys());
    host.onSaved?.({ saved, failed: failed + invalid.size });
  }
}
