/**
 * The corporate template's rows on the screen (TPL-002..007): required cells (DECISIONS TPL-009),
 * the digits-only sort cell (TPL-005), reordering and renumbering in steps of 10 (TPL-004), and the
 * list CreateCorporateTemplate receives (TPL-007: the whole list; an item left out is removed).
 */
export interface TemplateItem {
  CorporateTemplateItemId: number;
  Name: string;
  Stage: string;
  Sort: number;
  GroupId: number;
  GroupName?: string | null;
  StartDate: string | null;
  EndDate: string | null;
}

export interface TemplateGroup { GroupId: number; GroupName: string }

/** A row being edited: `k` is the screen's own key (new rows have no item id yet). */
export interface TemplateRow {
  k: number;
  CorporateTemplateItemId: number | null;
  Name: string;
  Stage: string;
  Sort: number | null;
  GroupId: number | null;
  StartDate: string | null;
  EndDate: string | null;
}

/** TPL-006 */
export const FILL_REQUIRED = 'Please fill all required fields';
/** TPL-008 */
export const NO_ITEMS = 'No Corporate Template Items';
/** DECISIONS TPL-009 */
export const LOAD_ERROR = 'There was an error retrieving the Corporate Template.';
export const SAVE_ERROR = 'There was an error saving the Corporate Template.';
export const SAVED = 'Record Saved Successfully.';
/** DECISIONS TPL-009 */
export const REQUIRED_FIELDS = ['Name', 'Stage', 'Sort', 'GroupId'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export const SORT_STEP = 10;

let nextK = 1;
export const rowOf = (item: TemplateItem): TemplateRow => ({
  k: nextK++, CorporateTemplateItemId: item.CorporateTemplateItemId, Name: item.Name, Stage: item.Stage, Sort: item.Sort,
  GroupId: item.GroupId, StartDate: item.StartDate, EndDate: item.EndDate,
});

/** A new row: blank, sorted after the last (its required cells still to fill). */
export const newRow = (rows: readonly TemplateRow[]): TemplateRow => ({
  k: nextK++, CorporateTemplateItemId: null, Name: '', Stage: '', GroupId: null, StartDate: null, EndDate: null,
  Sort: (rows.reduce((m, r) => Math.max(m, r.Sort ?? 0), 0) || 0) + SORT_STEP,
});

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The required cells left blank, per row key (TPL-006). */
export function missingRequired(rows: readonly TemplateRow[]): Map<number, Set<RequiredField>> {
  const out = new Map<number, Set<RequiredField>>();
  for (const r of rows) {
    const missing = REQUIRED_FIELDS.filter((f) => blank(r[f]));
    if (missing.length) out.set(r.k, new Set(missing));
  }
  return out;
}

/** TPL-004: the rows numbered 10, 20, 30 in their current order. */
export const renumber = (rows: readonly TemplateRow[]): TemplateRow[] => rows.map((r, i) => ({ ...r, Sort: (i + 1) * SORT_STEP }));

/**
 * A drag of the rows at `moved` (indexes) to start at `finalIndex` of the resulting list (as
 * Handsontable's beforeRowMove gives it), renumbered by 10.
 */
export function moveRows(rows: readonly TemplateRow[], moved: readonly number[], finalIndex: number): TemplateRow[] {
  const picked = new Set(moved);
  const block = [...picked].sort((a, b) => a - b).map((i) => rows[i]).filter(Boolean);
  const rest = rows.filter((_, i) => !picked.has(i));
  const at = Math.max(0, Math.min(finalIndex, rest.length));
  return renumber([...rest.slice(0, at), ...block, ...rest.slice(at)]);
}

/** TPL-005: a key the sort cell lets through: digits, and any navigation or editing key (not a printable non-digit). */
export const sortKeyAllowed = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || /^\d$/.test(e.key);

/** TPL-005: a typed or pasted sort value: digits only ('' clears it); anything else is refused (undefined). */
export function sortValue(text: unknown): number | null | undefined {
  const s = text === null || text === undefined ? '' : String(text).trim();
  if (s === '') return null;
  return /^\d{1,9}$/.test(s) ? Number(s) : undefined;
}

/** TPL-007: the whole list as CreateCorporateTemplate takes it (a new row without an id). */
export const saveList = (rows: readonly TemplateRow[]) => rows.map((r) => ({
  ...(r.CorporateTemplateItemId ? { CorporateTemplateItemId: r.CorporateTemplateItemId } : {}),
  Name: r.Name.trim(), Stage: r.Stage.trim(), Sort: r.Sort, GroupId: r.GroupId, StartDate: r.StartDate || null, EndDate: r.EndDate || null,
}));

/** Whether the rows differ from the saved items (order, values, added or removed rows). */
export function isChanged(rows: readonly TemplateRow[], saved: readonly TemplateItem[]): boolean {
  if (rows.length !== saved.length) return true;
  return rows.some((r, i) => {
    const s = saved[i];
    return r.CorporateTemplateItemId !== s.CorporateTemplateItemId || r.Name !== s.Name || r.Stage !== s.Stage || r.Sort !== s.Sort
      || r.GroupId !== s.GroupId || (r.StartDate || null) !== (s.StartDate || null) || (r.EndDate || null) !== (s.EndDate || null);
  });
}

/** The server's field errors ('/Items/3/Name') as row key → field → message, for the rows sent. */
export function serverCellErrors(sent: readonly TemplateRow[], errors: readonly { Field: string; Message: string }[]): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const e of errors) {
    const m = /^\/Items\/(\d+)\/(\w+)/.exec(e.Field);
    const row = m && sent[Number(m[1])];
    if (!row) continue;
    if (!out.has(row.k)) out.set(row.k, new Map());
    out.get(row.k)!.set(m[2], e.Message);
  }
  return out;
}
