/**
 * The corporate template's rows on the screen (TPL-002..007): required cells (DECISIONS TPL-009),
 * renumbering in steps of 10 (TPL-004), and the list CreateCorporateTemplate receives (TPL-007: the
 * whole list; an item left out is removed). Moving rows and the digits-only sort cell (TPL-005, an
 * integer cell) are OwnedGrid's.
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

export interface TemplateGroup {
  GroupId: number;
  GroupName: string;
}

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
  k: nextK++,
  CorporateTemplateItemId: item.CorporateTemplateItemId,
  Name: item.Name,
  Stage: item.Stage,
  Sort: item.Sort,
  GroupId: item.GroupId,
  StartDate: item.StartDate,
  EndDate: item.EndDate,
});

/** A new row: blank, sorted after the last (its required cells still to fill). */
export const newRow = (rows: readonly TemplateRow[]): TemplateRow => ({
  k: nextK++,
  CorporateTemplateItemId: null,
  Name: '',
  Stage: '',
  GroupId: null,
  StartDate: null,
  EndDate: null,
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

/** TPL-007: the whole list as CreateCorporateTemplate takes it (a new row without an id). */
export const saveList = (rows: readonly TemplateRow[]) =>
  rows.map((r) => ({
    ...(r.CorporateTemplateItemId ? { CorporateTemplateItemId: r.CorporateTemplateItemId } : {}),
    Name: r.Name.trim(),
    Stage: r.Stage.trim(),
    Sort: r.Sort,
    GroupId: r.GroupId,
    StartDate: r.StartDate || null,
    EndDate: r.EndDate || null,
  }));

/** Whether the rows differ from the saved items (order, values, added or removed rows). */
export function isChanged(rows: readonly TemplateRow[], saved: readonly TemplateItem[]): boolean {
  if (rows.length !== saved.length) return true;
  return rows.some((r, i) => {
    const s = saved[i];
    return (
      r.CorporateTemplateItemId !== s.CorporateTemplateItemId ||
      r.Name !== s.Name ||
      r.Stage !== s.Stage ||
      r.Sort !== s.Sort ||
      r.GroupId !== s.GroupId ||
      (r.StartDate || null) !== (s.StartDate || null) ||
      (r.EndDate || null) !== (s.EndDate || null)
    );
  });
}
