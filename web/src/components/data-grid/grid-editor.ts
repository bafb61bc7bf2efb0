/**
 * The edit path of a GridTable, shared by typing, fill, Handsontable's undo/redo and our own
 * paste: cell changes → values checked and previewed at once (grid-previews) → the rows saved in
 * chunks (progress between calls) → the server's values painted, rows changed by someone else
 * (409) reported as stale. Work over many cells runs in slices with a yield to the browser between
 * them, so a 10,000-row paste never blocks the page; a paste or fill is ONE undo step (its own
 * entry in Handsontable's undo stack). The edit list's slices, reference names and unsaved cells are
 * edit-cells.ts.
 *
 * Issue 27: a paste or fill skips the cells its row's state or its column locks (the server's
 * rules, grid-previews `cellLock`) and says how many and why; nothing is sent for them. A row the
 * server refuses, or one held back for a cell the grid refuses, keeps every value the user entered,
 * marked unsaved (`Unsaved`), with only the offending cells red; the next edit of the row, or
 * Ctrl+S (`resend`), sends them again with the fix, and Esc (`revert`) or undo puts the saved
 * values back. A refusal never repaints the user's input with old values.
 */
import type Handsontable from 'handsontable/base';
import {
  batchChanges,
  failedToErrors,
  holdRow,
  isStale,
  recordsBefore,
  writesAfterSave,
  type CellErrors,
  type GridRecord,
  type SaveAnswer,
  type SaveRow,
  type Unsaved,
} from './change-batch';
import { toServerValue } from './cell-values';
import { shownField, type GridColumn } from './columns';
import { todayIso } from '../../format/business-date';
import { cellLock, previewRow } from './grid-previews';
import { asText, columnLock, skippedText } from './grid-cells';
import { resolveReferences, runs, SLICE_ROWS, withUnsaved, yieldToBrowser, type EditCell } from './edit-cells';

export interface EditorHost {
  hot(): Handsontable | null | undefined;
  /** The records in grid (physical) order. */
  records(): GridRecord[];
  recordByKey(key: number): GridRecord | undefined;
  columns(): readonly GridColumn[];
  keyField(): string;
  errors: CellErrors;
  /** Cells showing input the server has not taken, with their saved values. */
  unsaved: Unsaved;
  save?: (rows: SaveRow[], onChunk: (answer: SaveAnswer, done: number, total: number) => void) => Promise<Pick<SaveAnswer, 'Saved' | 'Failed'>>;
  /** After each batch: rows saved and refused, the cells a paste or fill skipped (and why), the rows holding unsaved cells. */
  onSaved?: (result: SaveOutcome) => void;
  onPending?: (pending: boolean) => void;
  onProgress?: (done: number, total: number) => void;
  onStale?: (keys: number[]) => void;
  /** The screen's wrapper of a refused row's messages (FLASH-014). */
  failedText?: (message: string) => string;
}

/** What a batch did: rows saved and refused, what a paste or fill skipped ('3 cells skipped: read only in status Completed.'), rows holding unsaved cells. */
export interface SaveOutcome {
  saved: number;
  failed: number;
  skipped?: string;
  held: number;
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
    const skipped = new Map<string, number>();
    const skip = (why: string) => skipped.set(why, (skipped.get(why) ?? 0) + 1);
    await yieldToBrowser(); // the clipboard text was parsed in the paste event's task
    for (let from = top.row; from <= lastRow; from += SLICE_ROWS) {
      const to = Math.min(lastRow, from + SLICE_ROWS - 1);
      for (let r = from; r <= to; r++) {
        const rec = records[hot.toPhysicalRow(r)];
        if (!rec) continue;
        const key = Number(rec[kf]);
        // The row's pasted values first: a lock may depend on another cell of the block (Costing Complete unchecked frees the milestones).
        const cells: { col: GridColumn; field: string; value: unknown }[] = [];
        for (let c = top.col; c <= lastCol; c++) {
          const col = cols[c];
          const text = single ? table[0][0] : table[r - top.row][c - top.col];
          if (!col || text === undefined) continue;
          if (col.readOnly) {
            skip(columnLock(col));
            continue;
          }
          const v = toServerValue(col, text);
          cells.push({ col, field: shownField(col), value: v.ok ? v.value : text });
        }
        const next = { ...rec, ...Object.fromEntries(cells.map((x) => [x.col.field, x.value])) };
        for (const { col, field, value } of cells) {
          const lock = cellLock(rec, col.field, next);
          if (lock?.refuse) {
            skip(lock.message);
            continue;
          }
          list.push({ key, field, value, old: rec[field] });
          rec[field] = value;
        }
      }
      if (to < lastRow) await yieldToBrowser();
    }
    hot.selectCell(top.row, top.col, lastRow, lastCol, false);
    const note = skippedText(skipped);
    if (!list.length) {
      this.requestRender();
      if (note) this.host.onSaved?.({ saved: 0, failed: 0, skipped: note, held: this.host.unsaved.size });
      return;
    }
    this.remember(hot, list);
    await this.save(list, note);
  }

  /**
   * A fill-handle drag (Handsontable's `beforeAutofill`, whose own write is cancelled): the source
   * rows repeated over the target as a paste, so it skips locked cells and is one save and one undo step.
   */
  fill(
    source: readonly (readonly unknown[])[],
    target: { top: { row: number; col: number }; bottom: { row: number; col: number } },
    up: boolean,
  ): Promise<void> {
    const n = source.length;
    const rows = target.bottom.row - target.top.row + 1;
    const width = target.bottom.col - target.top.col + 1;
    const table = Array.from({ length: rows }, (_, i) => {
      const from = source[up ? (n - ((rows - i) % n)) % n : i % n] ?? [];
      return Array.from({ length: width }, (_, j) => asText(from[j % Math.max(1, from.length)]));
    });
    return this.paste(table, target.top, target.bottom);
  }

  /**
   * Ctrl+S: every row holding unsaved cells sent again (after a fix, or when the refusal's cause is
   * gone), after the edits queued before it. Resolves to how many rows were sent.
   */
  resend(): Promise<number> {
    let rows = 0;
    const run = () => {
      const list: EditCell[] = [];
      for (const [key, cells] of this.host.unsaved) {
        const rec = this.host.recordByKey(key);
        if (rec) for (const [field, saved] of cells) list.push({ key, field, value: rec[field], old: saved });
      }
      rows = this.host.unsaved.size;
      return list.length ? this.save(list) : Promise.resolve();
    };
    this.chain = this.chain.then(run, run);
    return this.chain.then(() => rows);
  }

  /** Esc: the unsaved cells of these rows back to their saved values, their errors gone; how many cells went back. */
  revert(keys: Iterable<number>): number {
    let n = 0;
    for (const key of keys) {
      const cells = this.host.unsaved.get(key);
      const rec = this.host.recordByKey(key);
      if (!cells || !rec) continue;
      for (const [field, saved] of cells) {
        rec[field] = saved;
        n++;
      }
      this.host.unsaved.delete(key);
      this.host.errors.delete(key);
    }
    if (n) this.requestRender();
    return n;
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
    undoRedo.done(
      () => ({
        actionType: 'gridPaste',
        undo: (_: unknown, done: () => void) => {
          done();
          replay((e) => e.old);
        },
        redo: (_: unknown, done: () => void) => {
          done();
          replay((e) => e.value);
        },
      }),
      'gridPaste',
    );
  }

  /** Checks, previews and saves changes the records already show; `skipped`: what a paste or fill left out, said with the outcome. */
  private async save(edits: EditCell[], skipped?: string) {
    const { host } = this;
    const refused: CellErrors = new Map();
    const list = withUnsaved(host, host.unsaved, await resolveReferences(host, edits, refused));
    const cols = host.columns();
    const kf = host.keyField();
    const { errors, unsaved } = host;
    const today = todayIso();
    const before = new Map<number, GridRecord>();
    const inputs = new Map<number, Set<string>>();
    for (const e of list) (inputs.get(e.key) ?? inputs.set(e.key, new Set()).get(e.key)!).add(e.field);
    const rows: SaveRow[] = [];
    const invalid: CellErrors = new Map(refused);
    const slices = runs(list);
    for (let i = 0; i < slices.length; i++) {
      const slice = slices[i];
      const sliceBefore = recordsBefore(host.recordByKey.bind(host), slice);
      for (const [k, v] of sliceBefore) before.set(k, v);
      const batch = batchChanges(sliceBefore, slice, cols);
      for (const ch of slice) {
        const m = errors.get(ch.key);
        if (m) {
          m.delete(ch.field);
          m.delete('');
          if (!m.size) errors.delete(ch.key);
        }
      }
      for (const [key, m] of batch.invalid) invalid.set(key, new Map([...(invalid.get(key) ?? []), ...m]));
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
    for (const [key, m] of invalid) errors.set(key, m);
    const fields = [...new Set([...cols.map((c) => shownField(c)), ...cols.map((c) => c.field)])];
    // A row not taken keeps the user's cells, marked unsaved; one whose cells are all back at their saved values holds none.
    const hold = (key: number) => {
      const rec = host.recordByKey(key);
      const old = before.get(key);
      if (!rec || !old) return;
      const held = holdRow(rec, old, inputs.get(key) ?? new Set(), fields, unsaved.get(key));
      if (held.size) unsaved.set(key, held);
      else unsaved.delete(key);
    };
    const sent = new Set(rows.map((r) => r.Key));
    for (const key of inputs.keys()) if (!sent.has(key)) hold(key);
    this.requestRender();

    const paint = (answer: Pick<SaveAnswer, 'Saved' | 'Failed'>) => {
      for (const [key, m] of failedToErrors(answer.Failed, host.failedText)) {
        errors.set(key, m);
        hold(key);
      }
      for (const s of answer.Saved) {
        errors.delete(Number(s[kf]));
        unsaved.delete(Number(s[kf]));
      }
      for (const w of writesAfterSave(answer, kf, fields)) {
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
        // Rows of chunks that did get an answer are painted already; the rest keep their input, unsaved.
        const unanswered = rows.filter((r) => !errors.has(r.Key) && before.get(r.Key)?.RowVersion === host.recordByKey(r.Key)?.RowVersion);
        paint({ Saved: [], Failed: unanswered.map((r) => ({ Key: r.Key, Status: 0, Message: message })) });
        failed = unanswered.length;
      } finally {
        host.onPending?.(false);
      }
    }
    host.onSaved?.({ saved, failed: failed + invalid.size, skipped, held: unsaved.size });
  }
}
