/**
 * The project-create wizard's rows without the screen (WIZ-002, WIZ-008..011): a tree kept in
 * display order (a brief, its patterns, each followed by its colorways), adding a child or a
 * sibling after the row's subtree, the row flags (saved, saving, disabled: any of them, or an
 * existing parent, locks the row), the form checks that stop a save (required fields, a stock
 * number used twice in the wizard: WIZ-009, WIZ-011) and the 'Name Duplication' note (WIZ-010).
 */
export type Level = 'brief' | 'pattern' | 'colorway';
export const LEVELS: readonly Level[] = ['brief', 'pattern', 'colorway'];
export const LEVEL_LABEL: Record<Level, string> = { brief: 'Brief', pattern: 'Pattern', colorway: 'Colorway' };

export const REVIEW_FIELDS = 'Please review all fields indicated in red.';
export const NAME_DUPLICATION = 'Name Duplication';
export const STOCK_NUMBER_TWICE = 'This stock number is used on another row of the wizard.';
export const START_OVER = 'Are you sure you want to start over? All work you have started will be lost.';
export const REQUIRED = 'Required.';

/** The values a row carries (ids of the pick lists; the grid shows their names). */
export interface RowValues {
  name: string;
  ResponsibleId?: number | null;
  WFGroupId?: number | null;
  GenderKey?: string | null;
  DevelopmentType?: string | null;
  DivisionKey?: string | null;
  ProductTypeId?: number | null;
  SizeRangePresetId?: number | null;
  StockNum?: string | null;
}
export type ValueField = Exclude<keyof RowValues, 'name'>;

export interface WizardRow extends RowValues {
  key: string;
  level: Level;
  parentKey: string | null;
  /** A brief or pattern that already exists (preloaded or picked in the search): never created, only a parent. */
  existing: boolean;
  /** The record's seasonal id once saved (or of an existing one), and its status. */
  id: number | null;
  statusId: number | null;
  saved: boolean;
  saving: boolean;
  /** Not saved this time because its parent could not be saved or released. */
  disabled: boolean;
  /** The save error kept on the row (WIZ-013, WIZ-007), and notes (CONST-031, 'Name Duplication'). */
  error: string | null;
  note: string | null;
  /** The asynchronous stock-number check (WIZ-009): null unchecked or fine, else its message. */
  stockError: string | null;
}

/** The fields each level asks for; the first ones are required. */
export const LEVEL_FIELDS: Record<Level, { required: ValueField[]; optional: ValueField[] }> = {
  brief: { required: ['ResponsibleId'], optional: ['WFGroupId'] },
  pattern: { required: ['GenderKey', 'ResponsibleId'], optional: ['WFGroupId', 'DevelopmentType'] },
  colorway: { required: ['DivisionKey', 'ResponsibleId', 'ProductTypeId', 'WFGroupId'], optional: ['SizeRangePresetId', 'StockNum'] },
};
export const usesField = (level: Level, f: ValueField) => LEVEL_FIELDS[level].required.includes(f) || LEVEL_FIELDS[level].optional.includes(f);

/** WIZ-015: per level, the defaults a new row starts with. */
export type LevelDefaults = Partial<Record<ValueField, unknown>>;
export type ProjectDefaults = Partial<Record<'Brief' | 'Pattern' | 'Colorway', LevelDefaults>>;
export const DEFAULTS_KEY: Record<Level, 'Brief' | 'Pattern' | 'Colorway'> = { brief: 'Brief', pattern: 'Pattern', colorway: 'Colorway' };

/**
 * Issue 27: the signed-in user is the Responsible of every level a brand's defaults leave open
 * (when they are one of the brand's users, `users`), as the single-record create forms do.
 */
export function withResponsible(defaults: ProjectDefaults | undefined, userId: number, users: readonly { value: unknown }[] | undefined): ProjectDefaults {
  const known = !!users?.some((u) => u.value === userId);
  const out: ProjectDefaults = { ...defaults };
  if (!known) return out;
  for (const level of LEVELS) {
    const own = out[DEFAULTS_KEY[level]] ?? {};
    if (own.ResponsibleId === undefined || own.ResponsibleId === null || own.ResponsibleId === '') out[DEFAULTS_KEY[level]] = { ...own, ResponsibleId: userId };
  }
  return out;
}

let seq = 0;
const nextKey = () => `r${++seq}`;

export const childLevel = (level: Level): Level | null => LEVELS[LEVELS.indexOf(level) + 1] ?? null;
export const depth = (level: Level) => LEVELS.indexOf(level);

/** A new, empty row of the level under the parent, with the brand's defaults for the level's fields. */
export function newRow(level: Level, parentKey: string | null, defaults: ProjectDefaults = {}): WizardRow {
  const own = defaults[DEFAULTS_KEY[level]] ?? {};
  const values = Object.fromEntries(Object.entries(own).filter(([f, v]) => usesField(level, f as ValueField) && v !== undefined && v !== ''));
  return {
    key: nextKey(),
    level,
    parentKey,
    existing: false,
    id: null,
    statusId: null,
    name: '',
    ...values,
    saved: false,
    saving: false,
    disabled: false,
    error: null,
    note: null,
    stockError: null,
  };
}

/** An existing brief or pattern as a parent row (locked); a brief known only by name (a searched pattern's) has no id. */
export function existingRow(level: 'brief' | 'pattern', parentKey: string | null, id: number | null, name: string, statusId: number): WizardRow {
  return { ...newRow(level, parentKey), existing: true, id, name, statusId };
}

/** Saved, saving, disabled and existing rows cannot be edited (WIZ-008). */
export const isLocked = (r: WizardRow) => r.saved || r.saving || r.existing;

/** Index just after the row's subtree (its descendants follow it in display order). */
export function subtreeEnd(rows: readonly WizardRow[], index: number): number {
  const d = depth(rows[index].level);
  let i = index + 1;
  while (i < rows.length && depth(rows[i].level) > d) i++;
  return i;
}

const insertAt = (rows: readonly WizardRow[], at: number, row: WizardRow) => [...rows.slice(0, at), row, ...rows.slice(at)];

/** A child of the row, after its subtree; a colorway has no children, so it gets a sibling. */
export function addChild(rows: readonly WizardRow[], key: string, defaults?: ProjectDefaults): { rows: WizardRow[]; key: string | null } {
  const i = rows.findIndex((r) => r.key === key);
  if (i < 0) return { rows: [...rows], key: null };
  const level = childLevel(rows[i].level);
  if (!level) return addSibling(rows, key, defaults);
  const row = newRow(level, key, defaults);
  return { rows: insertAt(rows, subtreeEnd(rows, i), row), key: row.key };
}

/** A row of the same level and parent, after the row's subtree. */
export function addSibling(rows: readonly WizardRow[], key: string, defaults?: ProjectDefaults): { rows: WizardRow[]; key: string | null } {
  const i = rows.findIndex((r) => r.key === key);
  if (i < 0) return { rows: [...rows], key: null };
  const row = newRow(rows[i].level, rows[i].parentKey, defaults);
  return { rows: insertAt(rows, subtreeEnd(rows, i), row), key: row.key };
}

/** The row at the end of the parent's subtree (at the end for a brief). */
export function appendUnder(rows: readonly WizardRow[], row: WizardRow): WizardRow[] {
  const i = row.parentKey ? rows.findIndex((r) => r.key === row.parentKey) : -1;
  return insertAt(rows, i < 0 ? rows.length : subtreeEnd(rows, i), row);
}

/** A new brief at the end (briefs hang from the line plan). */
export function addBrief(rows: readonly WizardRow[], defaults?: ProjectDefaults): { rows: WizardRow[]; key: string } {
  const row = newRow('brief', null, defaults);
  return { rows: [...rows, row], key: row.key };
}

/** Removes an unsaved row with its subtree; a row that is or holds saved or existing rows stays. */
export function removeRow(rows: readonly WizardRow[], key: string): WizardRow[] {
  const i = rows.findIndex((r) => r.key === key);
  if (i < 0) return [...rows];
  const end = subtreeEnd(rows, i);
  if (rows.slice(i, end).some((r) => r.saved || r.existing || r.saving)) return [...rows];
  return [...rows.slice(0, i), ...rows.slice(end)];
}

/** Rows still to create. */
export const pending = (rows: readonly WizardRow[]) => rows.filter((r) => !r.saved && !r.existing);
export const hasUnsaved = (rows: readonly WizardRow[]) => pending(rows).length > 0;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());
const normal = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** Keys of rows whose value of `pick` is shared with another row (blank values never are). */
function repeated(rows: readonly WizardRow[], pick: (r: WizardRow) => string): Set<string> {
  const byValue = new Map<string, string[]>();
  for (const r of rows) {
    const v = pick(r);
    if (v) byValue.set(v, [...(byValue.get(v) ?? []), r.key]);
  }
  return new Set([...byValue.values()].filter((keys) => keys.length > 1).flat());
}

/** WIZ-010: rows of one level sharing a name. */
export const duplicateNames = (rows: readonly WizardRow[]) => repeated(rows, (r) => (r.name.trim() ? `${r.level}|${normal(r.name)}` : ''));

/** WIZ-009: colorway rows sharing a stock number. */
export const duplicateStockNumbers = (rows: readonly WizardRow[]) => repeated(rows, (r) => (r.level === 'colorway' ? normal(r.StockNum) : ''));

/** WIZ-011: the field errors of the rows still to create, per row key ('name' or the field). */
export function formErrors(rows: readonly WizardRow[]): Map<string, Partial<Record<'name' | ValueField, string>>> {
  const twice = duplicateStockNumbers(rows);
  const out = new Map<string, Partial<Record<'name' | ValueField, string>>>();
  for (const r of pending(rows)) {
    const errors: Partial<Record<'name' | ValueField, string>> = {};
    if (blank(r.name)) errors.name = REQUIRED;
    for (const f of LEVEL_FIELDS[r.level].required) if (blank(r[f])) errors[f] = REQUIRED;
    if (twice.has(r.key) && !r.saved) errors.StockNum = STOCK_NUMBER_TWICE;
    if (Object.keys(errors).length) out.set(r.key, errors);
  }
  return out;
}

/** The note a row shows: its own (a name that exists, CONST-031) and 'Name Duplication' across the wizard's rows. */
export function noteOf(row: WizardRow, duplicates: ReadonlySet<string>): string | null {
  const parts = [...(duplicates.has(row.key) ? [NAME_DUPLICATION] : []), ...(row.note ? [row.note] : [])];
  return parts.length ? parts.join(' · ') : null;
}

/** The message column: the save error, the stock-number check and the notes. */
const messageOf = (row: WizardRow, duplicates: ReadonlySet<string>) =>
  [row.error, row.level === 'colorway' ? row.stockError : null, noteOf(row, duplicates)].filter(Boolean).join(' · ');

/** The wizard's own columns (the others are value fields). */
const OWN_COLUMNS = new Set(['level', 'name', 'state', 'message']);
/** A value cell the row's level does not have (a brief's gender): blank and locked. */
export const notApplicable = (row: WizardRow, field: string) => !OWN_COLUMNS.has(field) && !usesField(row.level, field as ValueField);

/** Why a cell of the wizard's grid cannot change (shown on hover and when typed into), or false when it can (issue 27). */
export function lockReason(row: WizardRow, field: string): string | false {
  if (notApplicable(row, field)) return `A ${LEVEL_LABEL[row.level].toLowerCase()} has no value in this column.`;
  if (row.existing) return `An existing ${LEVEL_LABEL[row.level].toLowerCase()}: change it on its own screen.`;
  if (row.saving) return 'Being saved.';
  if (row.saved) return 'Saved: change it on its own screen.';
  return false;
}

/** How a cell of the wizard's grid looks: its level indented, its state and message in words, cells it does not have greyed. */
export function wizardCell(row: WizardRow, field: string, duplicates: ReadonlySet<string>): { className: string; text?: string } {
  const na = notApplicable(row, field);
  const className = [na && 'wizard__cell--na', isLocked(row) && !na && 'wizard__cell--locked', field === 'level' && 'wizard__cell--level']
    .filter(Boolean)
    .join(' ');
  const text =
    field === 'level'
      ? `${'\u2003'.repeat(depth(row.level))}${LEVEL_LABEL[row.level]}`
      : field === 'state'
        ? stateOf(row)
        : field === 'message'
          ? messageOf(row, duplicates)
          : undefined;
  return { className, text };
}

/** The grid's red cells: the form's errors, a stock number the server refused, and the message of a row that failed. */
export function gridErrors(rows: readonly WizardRow[], errors: ReadonlyMap<string, Partial<Record<string, string>>>, duplicates: ReadonlySet<string>) {
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const m = new Map(Object.entries(errors.get(r.key) ?? {}).filter((e): e is [string, string] => !!e[1]));
    if (r.level === 'colorway' && r.stockError && !m.has('StockNum')) m.set('StockNum', r.stockError);
    if (r.error) m.set('message', messageOf(r, duplicates));
    if (m.size) out.set(r.key, m);
  }
  return out;
}

/** The grid's editable columns in their order (schemas/grids/project-create.grid.json): where the first red cell is looked for. */
export const FIELD_ORDER: readonly ('name' | ValueField)[] = [
  'name',
  'ResponsibleId',
  'WFGroupId',
  'GenderKey',
  'DevelopmentType',
  'DivisionKey',
  'ProductTypeId',
  'SizeRangePresetId',
  'StockNum',
];

/** Issue 27: the first red cell, row by row and left to right, for the grid to scroll to and select after 'Please review all fields indicated in red.' */
export function firstError(rows: readonly WizardRow[], errors: ReadonlyMap<string, Partial<Record<string, string>>>): { key: string; field: string } | null {
  for (const r of rows) {
    const e = errors.get(r.key);
    const field = e && FIELD_ORDER.find((f) => e[f]);
    if (field) return { key: r.key, field };
  }
  return null;
}

/** The row's state as one word for the grid (WIZ-008). */
export function stateOf(row: WizardRow): string {
  if (row.existing) return 'Existing';
  if (row.saving) return 'Saving…';
  if (row.saved) return row.error ? 'Saved, see message' : 'Saved';
  if (row.error) return 'Error';
  if (row.disabled) return 'Skipped';
  return 'New';
}
