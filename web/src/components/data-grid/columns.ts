/**
 * Grid columns from a grid document and its entity schema: the grid names fields and widths,
 * the entity gives title, kind and limits (ADR 002: a column never repeats type or label).
 */
import type { GridDoc } from '@domain/grid-document';
import { fieldKind, type EntitySchema, type FieldKind } from '../fields/field-kind';
import { nameFieldOf, referenceOf, type ReferenceSpec } from '../schema-form/reference';

/** A grid document as the server sends it: every column with its width. */
export type GridDocument = Omit<GridDoc, 'columns'> & { columns: (GridDoc['columns'][number] & { width: number })[] };

/** One column of a DataGrid. */
export interface GridColumn {
  field: string;
  title: string;
  width: number;
  /** The width is one the user dragged (column prefs): kept as it is, not fitted to the header title. */
  resized?: boolean;
  kind: FieldKind;
  readOnly: boolean;
  /** A key column of the grid (stock number, name): always first, frozen on the left. */
  key?: boolean;
  nullable: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enumValues?: unknown[];
  /**
   * A reference column (`x-ref`): the record field holding the referenced record's name, which the
   * cell, its hover title and the export show. Sorting and filtering stay on the id (`field`).
   */
  nameField?: string;
  /**
   * The reference of an editable reference column: the cell takes a name from the reference's
   * choices (reference-cells.ts) and saves its id. A fixed reference (brand, season, parent) is read-only.
   */
  ref?: ReferenceSpec;
  /**
   * A pick-list column of an OwnedGrid: the screen gives each row its choices; the cell shows and
   * takes a choice's label and the row holds its value.
   */
  listed?: boolean;
  /** Why a read-only column's cells cannot be edited (said on hover and when typed or pasted into). */
  lockReason?: string;
}

/** Said on a column the grid document keeps read-only (a date or price the rules set, a key column). */
export const NOT_EDITED_HERE = 'Not edited in this grid.';
/** Said on a computed column (prices, totals). */
const COMPUTED = 'Computed from other values.';
/** Said on a column the user's rights do not let them change (the server's own words). */
const NOT_YOURS = 'You may not change this field.';

/** The record field a column's cells show: a reference's name, else the field itself. */
export const shownField = (col: Pick<GridColumn, 'field' | 'nameField'>) => col.nameField ?? col.field;

/** The columns of a grid for a user; fields missing from the (filtered) schema are left out. */
export function gridColumns(grid: GridDocument, schema: EntitySchema): GridColumn[] {
  const out: GridColumn[] = [];
  grid.columns.forEach((c, i) => {
    const p = schema.properties[c.field];
    if (!p) return;
    const ref = referenceOf(p);
    const title = p.title ?? c.field;
    const lockReason = ref?.fixed
      ? `${title} cannot be changed after the record is created.`
      : c.readOnly
        ? NOT_EDITED_HERE
        : p['x-computed']
          ? COMPUTED
          : p.readOnly
            ? NOT_YOURS
            : undefined;
    out.push({
      field: c.field,
      title,
      width: c.width,
      kind: ref ? 'text' : fieldKind(c.field, p),
      readOnly: !!lockReason,
      ...(lockReason ? { lockReason } : {}),
      ...(i < (grid.frozen ?? 0) ? { key: true } : {}),
      nullable: Array.isArray(p.type) ? p.type.includes('null') : false,
      maxLength: p.maxLength,
      minimum: p.minimum,
      maximum: p.maximum,
      enumValues: p.enum,
      ...(ref ? { nameField: nameFieldOf(c.field, ref), ref } : {}),
    });
  });
  return out;
}

/** Whether any column of the grid can be edited. */
export const isEditable = (cols: readonly GridColumn[]) => cols.some((c) => !c.readOnly);

/**
 * The columns a region view shows: a column named by some view is shown only when the chosen
 * view names it; a column in no view is always shown. No views, or an unknown view: all columns.
 */
export function inView<C extends Pick<GridColumn, 'field'>>(cols: readonly C[], views: Record<string, string[]> | undefined, view: string | undefined): C[] {
  const shown = views && view ? views[view] : undefined;
  if (!views || !shown) return [...cols];
  const inSome = new Set(Object.values(views).flat());
  const inThis = new Set(shown);
  return cols.filter((c) => !inSome.has(c.field) || inThis.has(c.field));
}
