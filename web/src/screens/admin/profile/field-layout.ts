/**
 * The field-layout editor's model (PREF-017..023): fields placed in numbered rows, each visible
 * or hidden, and renamed or not (Title); at most 200 rows (PREF-019). Moving a field to another row
 * keeps the others in order.
 */
export interface LayoutField {
  UserId: number | null;
  ModuleId: number;
  FieldId: string;
  Row: number;
  Hidden: boolean;
  Title?: string | null;
  Source?: string;
}

export const MAX_LAYOUT_ROWS = 200;

/** The rows as lists of fields, row numbers made dense (0, 1, 2, …) in their current order. */
export function rowsOf(fields: readonly LayoutField[]): LayoutField[][] {
  const byRow = new Map<number, LayoutField[]>();
  for (const f of fields) byRow.set(f.Row, [...(byRow.get(f.Row) ?? []), f]);
  return [...byRow.keys()].sort((a, b) => a - b).map((r) => byRow.get(r)!);
}

/** Fields in row order with dense row numbers. */
export function normalise(fields: readonly LayoutField[]): LayoutField[] {
  return rowsOf(fields).flatMap((row, i) => row.map((f) => ({ ...f, Row: i })));
}

/** Moves a field `delta` rows up (-1) or down (+1); moving past the last row opens a new row (up to the limit). */
export function moveField(fields: readonly LayoutField[], fieldId: string, delta: number): LayoutField[] {
  const dense = normalise(fields);
  const f = dense.find((x) => x.FieldId === fieldId);
  if (!f) return dense;
  const rows = rowsOf(dense).length;
  const alone = dense.filter((x) => x.Row === f.Row).length === 1;
  const target = f.Row + delta;
  if (target < 0) return dense;
  if (target >= rows && (alone || rows >= MAX_LAYOUT_ROWS)) return dense;
  const moved = dense.filter((x) => x.FieldId !== fieldId);
  moved.push({ ...f, Row: target });
  return normalise(moved);
}

/** Puts a field on a row of its own right below its current row. */
export function splitField(fields: readonly LayoutField[], fieldId: string): LayoutField[] {
  const dense = normalise(fields);
  const f = dense.find((x) => x.FieldId === fieldId);
  if (!f || rowsOf(dense).length >= MAX_LAYOUT_ROWS || dense.filter((x) => x.Row === f.Row).length === 1) return dense;
  return normalise(dense.map((x) => (x.FieldId === fieldId ? { ...x, Row: f.Row + 0.5 } : x)));
}

export const toggleHidden = (fields: readonly LayoutField[], fieldId: string) => fields.map((f) => (f.FieldId === fieldId ? { ...f, Hidden: !f.Hidden } : f));

/** Renames a field; a blank title goes back to the schema's. */
export const renameField = (fields: readonly LayoutField[], fieldId: string, title: string) =>
  fields.map((f) => (f.FieldId === fieldId ? { ...f, Title: title.trim() ? title : null } : f));

/** The save request: the whole layout, for the viewer (UserId of the viewer) or the default (null). */
export const saveRows = (fields: readonly LayoutField[], moduleId: number, userId: number | null) =>
  normalise(fields).map((f) => ({ UserId: userId, ModuleId: moduleId, FieldId: f.FieldId, Row: f.Row, Hidden: f.Hidden, Title: f.Title?.trim() || null }));
