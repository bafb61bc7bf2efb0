/**
 * The rules of size ranges and size range presets (CW-067..073), shared by the server (which
 * enforces them) and the size range editor (which shows them early): a row needs a region, a
 * width and a size range; a region/width combination appears once per colorway or preset (CW-069);
 * a preset needs a name and at least one row (CW-070). Problems carry their row and field so the
 * server answers them as field paths and the editor marks the cells red (CW-071).
 */

export const DUPLICATE_COMBINATION = 'Duplicate region/width combination.';
export const NO_DEFAULT_VALUE = 'You must add at least one default value.';
export const REVIEW_FIELDS = 'Please review all fields indicated in red.';
export const PRESETS_SAVED = 'Presets saved successfully!';
export const DUPLICATE_PRESET_NAME = 'A preset with this name already exists.';
export const REQUIRED = 'Required.';
export const SIZE_RANGE_MAX_LENGTH = 50;
export const PRESET_NAME_MAX_LENGTH = 100;

export interface SizeRangeRow {
  SizeRangeId?: number | null;
  RegionId?: number | null;
  WidthId?: number | null;
  SizeRange?: string | null;
  IsDelete?: boolean;
}

export type RowField = 'RegionId' | 'WidthId' | 'SizeRange';

/** One problem: `row` is the index in the list given; no row means the list itself. */
export interface Problem {
  row?: number;
  field?: RowField | 'PresetName';
  message: string;
}

export interface KnownIds {
  regions: ReadonlySet<number>;
  widths: ReadonlySet<number>;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * Problems of a list of rows; deleted rows (IsDelete) are skipped. `kept` are rows that stay as
 * they are (not in the list): they count for duplicates but are never marked. A duplicate is marked
 * on the later row, on its region and its width.
 */
export function sizeRangeProblems(rows: readonly SizeRangeRow[], kept: readonly SizeRangeRow[] = [], known?: KnownIds): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set(kept.map((r) => `${r.RegionId}/${r.WidthId}`));
  rows.forEach((r, row) => {
    if (r.IsDelete) return;
    if (!isId(r.RegionId)) problems.push({ row, field: 'RegionId', message: REQUIRED });
    else if (known && !known.regions.has(r.RegionId)) problems.push({ row, field: 'RegionId', message: 'Select a region.' });
    if (!isId(r.WidthId)) problems.push({ row, field: 'WidthId', message: REQUIRED });
    else if (known && !known.widths.has(r.WidthId)) problems.push({ row, field: 'WidthId', message: 'Select a width.' });
    if (blank(r.SizeRange)) problems.push({ row, field: 'SizeRange', message: REQUIRED });
    else if (String(r.SizeRange).trim().length > SIZE_RANGE_MAX_LENGTH)
      problems.push({ row, field: 'SizeRange', message: `At most ${SIZE_RANGE_MAX_LENGTH} characters.` });
    if (!isId(r.RegionId) || !isId(r.WidthId)) return;
    const pair = `${r.RegionId}/${r.WidthId}`;
    if (seen.has(pair)) {
      problems.push({ row, field: 'RegionId', message: DUPLICATE_COMBINATION }, { row, field: 'WidthId', message: DUPLICATE_COMBINATION });
    }
    seen.add(pair);
  });
  return problems;
}

export interface PresetDraft {
  SizeRangePresetId?: number | null;
  PresetName?: string | null;
  SizeRanges?: readonly SizeRangeRow[];
}

/** Problems of one preset (CW-070): a name unique among `otherNames` (compared without case), at least one row, valid rows. */
export function presetProblems(preset: PresetDraft, otherNames: readonly string[] = [], known?: KnownIds): Problem[] {
  const problems: Problem[] = [];
  const name = (preset.PresetName ?? '').trim();
  if (!name) problems.push({ field: 'PresetName', message: REQUIRED });
  else if (name.length > PRESET_NAME_MAX_LENGTH) problems.push({ field: 'PresetName', message: `At most ${PRESET_NAME_MAX_LENGTH} characters.` });
  else if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) problems.push({ field: 'PresetName', message: DUPLICATE_PRESET_NAME });
  const rows = preset.SizeRanges ?? [];
  if (!rows.some((r) => !r.IsDelete)) problems.push({ message: NO_DEFAULT_VALUE });
  return [...problems, ...sizeRangeProblems(rows, [], known)];
}

/** The message of a refused form: the review message for red fields, then the rules broken (CW-069..071). */
export function problemsMessage(problems: readonly Problem[]): string {
  const messages = new Set(problems.map((p) => p.message));
  const red = problems.some((p) => p.message !== DUPLICATE_COMBINATION && p.message !== NO_DEFAULT_VALUE);
  return [...(red ? [REVIEW_FIELDS] : []), ...[NO_DEFAULT_VALUE, DUPLICATE_COMBINATION].filter((m) => messages.has(m))].join(' ');
}

/** The field path of a problem under `base` (e.g. '/SizeRanges', '/Presets/0'). */
export function problemPath(base: string, listName: string, p: Problem): string {
  if (p.row === undefined) return p.field ? `${base}/${p.field}` : `${base}/${listName}`;
  return `${base}/${listName}/${p.row}/${p.field}`;
}

/** A short text of a set of rows for the change history, e.g. 'US Medium 7-13; EU Medium 40-47'. */
export function describeRows(rows: readonly SizeRangeRow[], regionName: (id: number) => string, widthName: (id: number) => string): string {
  return rows.map((r) => `${regionName(r.RegionId as number)} ${widthName(r.WidthId as number)} ${r.SizeRange}`).join('; ');
}
