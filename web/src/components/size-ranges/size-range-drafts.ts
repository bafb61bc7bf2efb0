/**
 * The size range editor's state without React (CW-067..073): rows being edited (drafts), the red
 * cells of the rules shared with the server (@domain/size-ranges), the server's refusals mapped
 * back to cells, what a save sends, applying a preset to a colorway's rows and the presets being
 * managed.
 */
import { presetProblems, problemsMessage, sizeRangeProblems, type Problem, type SizeRangeRow } from '@domain/size-ranges';

export {
  DUPLICATE_COMBINATION,
  NO_DEFAULT_VALUE,
  REVIEW_FIELDS,
} from '@domain/size-ranges';

export interface SavedRow {
  SizeRangeId?: number;
  RegionId: number;
  WidthId: number;
  SizeRange: string;
  RegionName?: string;
  WidthName?: string;
}
export interface RowDraft {
  k: number;
  SizeRangeId?: number;
  RegionId: number | null;
  WidthId: number | null;
  SizeRange: string;
}
export interface Preset {
  SizeRangePresetId: number;
  PresetName: string;
  SizeRanges: SavedRow[];
}
export interface PresetDraft {
  k: number;
  SizeRangePresetId?: number;
  PresetName: string;
  rows: RowDraft[];
  dirty: boolean;
}
export interface FieldError {
  Field: string;
  Message: string;
}

/** Red cells: `${rowK}/${field}` of a row, `${presetK}/PresetName`, `${presetK}/rows` of a preset, with their message. */
export type CellErrors = Map<string, string>;

let nextK = 1;
export const newKey = () => nextK++;

export const draftOf = (r: SavedRow): RowDraft => ({
  k: newKey(),
  SizeRangeId: r.SizeRangeId,
  RegionId: r.RegionId,
  WidthId: r.WidthId,
  SizeRange: r.SizeRange,
});
export const blankRow = (): RowDraft => ({ k: newKey(), RegionId: null, WidthId: null, SizeRange: '' });

/** The red cells of one set of rows (`prefix`: a preset's `${k}/`) as the grid's errors: row key → field → message. */
export function rowErrors(cells: CellErrors, prefix = ''): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const [at, message] of cells) {
    const m = at.startsWith(prefix) ? /^(\d+)\/(\w+)$/.exec(at.slice(prefix.length)) : null;
    if (!m) continue;
    const k = Number(m[1]);
    out.set(k, new Map([...(out.get(k) ?? []), [m[2], message]]));
  }
  return out;
}

const asRow = (d: RowDraft): SizeRangeRow => ({ RegionId: d.RegionId, WidthId: d.WidthId, SizeRange: d.SizeRange });

function rowCells(rows: readonly RowDraft[], problems: readonly Problem[], into: CellErrors, prefix = '') {
  for (const p of problems) {
    if (p.row !== undefined && p.field && !into.has(`${prefix}${rows[p.row].k}/${p.field}`)) into.set(`${prefix}${rows[p.row].k}/${p.field}`, p.message);
  }
}

export interface Check {
  cells: CellErrors;
  message: string | null;
}

/** CW-069, CW-071: the colorway's rows before a save. */
export function checkRows(rows: readonly RowDraft[]): Check {
  const problems = sizeRangeProblems(rows.map(asRow));
  const cells: CellErrors = new Map();
  rowCells(rows, problems, cells);
  return { cells, message: problems.length ? problemsMessage(problems) : null };
}

/** What SaveSizeRanges gets: every row in screen order (so error paths point back at drafts), then the removed saved rows. */
export function saveItems(saved: readonly SavedRow[], rows: readonly RowDraft[]) {
  const kept = new Set(rows.map((r) => r.SizeRangeId).filter((id) => id !== undefined));
  return [
    ...rows.map((r) => ({ ...(r.SizeRangeId ? { SizeRangeId: r.SizeRangeId } : {}), RegionId: r.RegionId, WidthId: r.WidthId, SizeRange: r.SizeRange.trim() })),
    ...saved.filter((s) => s.SizeRangeId !== undefined && !kept.has(s.SizeRangeId)).map((s) => ({ SizeRangeId: s.SizeRangeId, IsDelete: true })),
  ];
}

/** The server's field errors on the cells of the rows they name ('/SizeRanges/1/WidthId' → row 1's width). */
export function serverCells(errors: readonly FieldError[], rows: readonly RowDraft[], base = ''): CellErrors {
  const cells: CellErrors = new Map();
  const at = new RegExp(`^${base.replace(/\//g, '\\/')}\\/SizeRanges\\/(\\d+)\\/(RegionId|WidthId|SizeRange)$`);
  for (const e of errors) {
    const m = at.exec(e.Field);
    const row = m ? rows[Number(m[1])] : undefined;
    if (row && m) cells.set(`${row.k}/${m[2]}`, e.Message);
  }
  return cells;
}

/** Apply a preset (preset mode): its rows fill the colorway's; a region/width already there gets the preset's size range. */
export function withPreset(rows: readonly RowDraft[], preset: Preset): RowDraft[] {
  const out = [...rows];
  for (const p of preset.SizeRanges) {
    const i = out.findIndex((r) => r.RegionId === p.RegionId && r.WidthId === p.WidthId);
    if (i >= 0) out[i] = { ...out[i], SizeRange: p.SizeRange };
    else out.push({ k: newKey(), RegionId: p.RegionId, WidthId: p.WidthId, SizeRange: p.SizeRange });
  }
  return out;
}

// ----- manage presets mode ----------------------------------------------------------------------

export const presetDraftOf = (p: Preset): PresetDraft => ({
  k: newKey(),
  SizeRangePresetId: p.SizeRangePresetId,
  PresetName: p.PresetName,
  rows: p.SizeRanges.map(draftOf),
  dirty: false,
});
export const blankPreset = (): PresetDraft => ({ k: newKey(), PresetName: '', rows: [blankRow()], dirty: true });
export const withPresetChange = (presets: readonly PresetDraft[], k: number, change: Partial<PresetDraft>) =>
  presets.map((p) => (p.k === k ? { ...p, ...change, dirty: true } : p));

/** The presets a save sends: the new and changed ones. */
export const changedPresets = (presets: readonly PresetDraft[]) => presets.filter((p) => p.dirty);

/**
 * The presets read again (after a delete, a save, another tab's change) merged into the drafts: the
 * untouched ones take the fresh values; one the user changed and did not send (`done`: the drafts a
 * save sent, now stored) stays as the user left it, a new one too, and one someone else deleted stays
 * so its save says so. Nothing typed is dropped by a read.
 */
export function withFreshPresets(drafts: readonly PresetDraft[], fresh: readonly Preset[], done: ReadonlySet<PresetDraft> = new Set()): PresetDraft[] {
  const open = drafts.filter((d) => d.dirty && !done.has(d));
  const mine = new Map(open.filter((d) => d.SizeRangePresetId).map((d) => [d.SizeRangePresetId, d]));
  const ids = new Set(fresh.map((p) => p.SizeRangePresetId));
  return [
    ...fresh.map((p) => mine.get(p.SizeRangePresetId) ?? presetDraftOf(p)),
    ...open.filter((d) => d.SizeRangePresetId && !ids.has(d.SizeRangePresetId)),
    ...open.filter((d) => !d.SizeRangePresetId),
  ];
}

export function presetBody(presets: readonly PresetDraft[]) {
  return {
    Presets: presets.map((p) => ({
      ...(p.SizeRangePresetId ? { SizeRangePresetId: p.SizeRangePresetId } : {}),
      PresetName: p.PresetName.trim(),
      SizeRanges: p.rows.map((r) => ({ RegionId: r.RegionId, WidthId: r.WidthId, SizeRange: r.SizeRange.trim() })),
    })),
  };
}

/** CW-069, CW-070, CW-071: the changed presets before a save (names unique among all presets). */
export function checkPresets(presets: readonly PresetDraft[]): Check {
  const cells: CellErrors = new Map();
  const all: Problem[] = [];
  presets.forEach((p, i) => {
    if (!p.dirty) return;
    const others = presets.filter((_, j) => j < i || (j > i && !presets[j].dirty)).map((o) => o.PresetName);
    const problems = presetProblems({ PresetName: p.PresetName, SizeRanges: p.rows.map(asRow) }, others);
    all.push(...problems);
    for (const x of problems) if (x.row === undefined) cells.set(`${p.k}/${x.field ?? 'rows'}`, x.message);
    rowCells(p.rows, problems, cells, `${p.k}/`);
  });
  return { cells, message: all.length ? problemsMessage(all) : null };
}

/** The server's field errors of a presets save ('/Presets/0/SizeRanges/1/WidthId') on the cells of the presets sent. */
export function serverPresetCells(errors: readonly FieldError[], sent: readonly PresetDraft[]): CellErrors {
  const cells: CellErrors = new Map();
  for (const e of errors) {
    const m = /^\/Presets\/(\d+)\/(PresetName|SizeRanges)(?:\/(\d+)\/(\w+))?$/.exec(e.Field);
    const p = m ? sent[Number(m[1])] : undefined;
    if (!p || !m) continue;
    if (m[2] === 'PresetName') cells.set(`${p.k}/PresetName`, e.Message);
    else if (m[3] === undefined) cells.set(`${p.k}/rows`, e.Message);
    else if (p.rows[Number(m[3])]) cells.set(`${p.k}/${p.rows[Number(m[3])].k}/${m[4]}`, e.Message);
  }
  return cells;
}
