/**
 * A form's layout: the layout document's sections → rows → fields, with the effective field
 * layout (PREF-017: FieldId, Row, Hidden, Title; user or admin overrides) applied, and every field
 * the user may not see (absent from the filtered schema) left out. Pure.
 */
import type { EntitySchema, FieldSchema } from '../fields/field-kind';
import type { LayoutDocument } from '../fields/schema-docs';

/** One effective field-layout row (GET fields/getFieldConfiguration); Title renames the field (null: the schema's title). */
export interface FieldLayoutRow {
  FieldId: string | number;
  Row: number;
  Hidden?: boolean;
  Title?: string | null;
}

/** The renamed fields of a field layout: field → its title there. */
export function fieldTitles(fieldLayout?: readonly FieldLayoutRow[]): ReadonlyMap<string, string> {
  return new Map((fieldLayout ?? []).filter((r) => typeof r.Title === 'string' && r.Title.trim()).map((r) => [String(r.FieldId), r.Title!.trim()]));
}

/** A resolved section; `panel` names a screen-supplied panel shown below its fields, `collapsed` starts it closed. */
export interface FormSection {
  id: string;
  title: string;
  rows: string[][];
  panel?: string;
  collapsed?: boolean;
}

/**
 * Sections with their rows of visible fields. With `fieldLayout`, a field's Row (a number over
 * the whole layout, counted from 0 as the server does) decides which row of its section it is
 * in; fields sharing a Row sit side by side; Hidden removes it. Empty rows go, and empty sections
 * unless they hold a panel.
 */
export function resolveLayout(layout: LayoutDocument, schema: EntitySchema, fieldLayout?: readonly FieldLayoutRow[]): FormSection[] {
  const overrides = new Map((fieldLayout ?? []).map((r) => [String(r.FieldId), r]));
  let rowNumber = 0;
  const out: FormSection[] = [];
  for (const section of layout.sections) {
    const placed: { field: string; row: number; order: number }[] = [];
    let order = 0;
    for (const row of section.rows) {
      const layoutRow = rowNumber++;
      for (const field of row) {
        if (!schema.properties[field]) continue;
        const o = overrides.get(field);
        if (o?.Hidden) continue;
        placed.push({ field, row: o && Number.isFinite(Number(o.Row)) ? Number(o.Row) : layoutRow, order: order++ });
      }
    }
    placed.sort((a, b) => a.row - b.row || a.order - b.order);
    const rows: string[][] = [];
    let current: number | null = null;
    for (const p of placed) {
      if (p.row !== current) {
        rows.push([]);
        current = p.row;
      }
      rows[rows.length - 1].push(p.field);
    }
    if (rows.length || section.panel)
      out.push({
        id: section.id,
        title: section.title,
        rows,
        ...(section.panel ? { panel: section.panel } : {}),
        ...(section.collapsed ? { collapsed: true } : {}),
      });
  }
  return out;
}

/** Every field in a resolved layout, in order. */
export const layoutFields = (sections: readonly FormSection[]) => sections.flatMap((s) => s.rows.flat());

/**
 * The schema the form renders: only the laid-out properties, `required` limited to them, and no
 * `additionalProperties: false` (the record carries fields the form does not show). A field the
 * user cannot change may be blank (a computed value not yet computed is no error of the user's).
 * `titles` renames fields (the field layout's Title).
 */
export function formSchema(schema: EntitySchema, fields: readonly string[], titles?: ReadonlyMap<string, string>): EntitySchema {
  const properties: Record<string, FieldSchema> = {};
  for (const f of fields) {
    const p = isReadOnlyField(schema.properties[f]) ? blankable(schema.properties[f]) : schema.properties[f];
    const title = titles?.get(f);
    properties[f] = title ? { ...p, title } : p;
  }
  return {
    type: 'object',
    title: schema.title,
    properties,
    required: (schema.required ?? []).filter((f) => f in properties),
  };
}

/** A field the user cannot change: marked readOnly by the server, or computed by it. */
export function isReadOnlyField(p: FieldSchema): boolean {
  return !!(p.readOnly || p['x-computed']);
}

function blankable(p: FieldSchema): FieldSchema {
  const types = Array.isArray(p.type) ? p.type : p.type ? [p.type] : [];
  return !types.length || types.includes('null') ? p : { ...p, type: [...types, 'null'] };
}
