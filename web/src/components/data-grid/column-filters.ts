/**
 * Column filters of a DataGrid, applied by the server (the Search body's `columnFilters`): per
 * column, text contains or equals, or a from–to range for numbers and dates. A reference column
 * is filtered by its id field's name text (`contains` on the shown name, keyed by the id field).
 * Pure: the popover's input → the filter sent, and the filter → its short description.
 */
import { isoToDisplay } from '../fields/dates';
import { excelDateText, excelNumber } from './cell-values';
import type { GridColumn } from './columns';

/** One column's filter as the server takes it: exactly one of contains, equals, or from and/or to. */
export interface ColumnFilter {
  contains?: string;
  equals?: string | number | boolean;
  from?: string | number;
  to?: string | number;
}

/** Filters by field (a reference column by its id field). */
export type ColumnFilters = Record<string, ColumnFilter>;

export type FilterMode = 'contains' | 'equals' | 'range';

/** What the popover holds. */
export interface FilterInput {
  mode: FilterMode;
  text: string;
  from: string;
  to: string;
}

/** Whether a column filters by range (numbers and dates) or by text. */
export const isRangeColumn = (col: Pick<GridColumn, 'kind' | 'nameField'>) =>
  !col.nameField && (col.kind === 'money' || col.kind === 'numeric' || col.kind === 'integer' || col.kind === 'date' || col.kind === 'datetime');

/** The modes a column offers, the first being its default. */
export function filterModes(col: Pick<GridColumn, 'kind' | 'nameField'>): FilterMode[] {
  if (col.kind === 'boolean' && !col.nameField) return ['equals'];
  return isRangeColumn(col) ? ['range', 'equals'] : ['contains', 'equals'];
}

type Parsed = { ok: true; value: string | number | boolean | undefined } | { ok: false; message: string };

/** One bound or value of a column's type; blank is undefined. */
function parseValue(col: Pick<GridColumn, 'kind' | 'nameField'>, text: string): Parsed {
  const t = text.trim();
  if (!t) return { ok: true, value: undefined };
  if (col.nameField) return { ok: true, value: t };
  switch (col.kind) {
    case 'money':
    case 'numeric':
    case 'integer': {
      const n = excelNumber(t);
      return n === null || Number.isNaN(n) ? { ok: false, message: 'Enter a number.' } : { ok: true, value: n };
    }
    case 'date':
    case 'datetime': {
      const iso = excelDateText(t);
      return iso ? { ok: true, value: iso } : { ok: false, message: 'Enter a date as MM/DD/YYYY.' };
    }
    case 'boolean': {
      const b = /^(y|yes|true|1|x)$/i.test(t) ? true : /^(n|no|false|0)$/i.test(t) ? false : undefined;
      return b === undefined ? { ok: false, message: 'Enter Yes or No.' } : { ok: true, value: b };
    }
    default:
      return { ok: true, value: t };
  }
}

/** The popover's input → the filter to send (null: no filter), or the message of a bad value. */
export function filterFromInput(
  col: Pick<GridColumn, 'kind' | 'nameField'>,
  input: FilterInput,
): { ok: true; filter: ColumnFilter | null } | { ok: false; message: string } {
  if (input.mode === 'range') {
    const from = parseValue(col, input.from);
    const to = parseValue(col, input.to);
    if (!from.ok) return from;
    if (!to.ok) return to;
    if (from.value === undefined && to.value === undefined) return { ok: true, filter: null };
    if (from.value !== undefined && to.value !== undefined && from.value > to.value) return { ok: false, message: '"From" must not be after "to".' };
    const f: ColumnFilter = {};
    if (from.value !== undefined) f.from = from.value as string | number;
    if (to.value !== undefined) f.to = to.value as string | number;
    return { ok: true, filter: f };
  }
  if (input.mode === 'contains') {
    const t = input.text.trim();
    return { ok: true, filter: t ? { contains: t } : null };
  }
  const v = parseValue(col, input.text);
  if (!v.ok) return v;
  return { ok: true, filter: v.value === undefined ? null : { equals: v.value } };
}

const shown = (col: Pick<GridColumn, 'kind'>, v: unknown) =>
  (col.kind === 'date' || col.kind === 'datetime') && typeof v === 'string' ? isoToDisplay(v) : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** The popover's input for a filter in force (or the column's default). */
export function inputFromFilter(col: Pick<GridColumn, 'kind' | 'nameField'>, f: ColumnFilter | undefined): FilterInput {
  const mode = filterModes(col)[0];
  if (!f) return { mode, text: '', from: '', to: '' };
  if (f.from !== undefined || f.to !== undefined)
    return { mode: 'range', text: '', from: f.from === undefined ? '' : shown(col, f.from), to: f.to === undefined ? '' : shown(col, f.to) };
  if (f.equals !== undefined) return { mode: 'equals', text: shown(col, f.equals), from: '', to: '' };
  return { mode: 'contains', text: f.contains ?? '', from: '', to: '' };
}

/** A filter in words, for the header's title: 'contains "abc"', '= 5', '10 – 20', '≥ 03/01/2027'. */
export function describeFilter(col: Pick<GridColumn, 'kind'>, f: ColumnFilter): string {
  if (f.contains !== undefined) return `contains "${f.contains}"`;
  if (f.equals !== undefined) return `= ${shown(col, f.equals)}`;
  if (f.from !== undefined && f.to !== undefined) return `${shown(col, f.from)} – ${shown(col, f.to)}`;
  if (f.from !== undefined) return `≥ ${shown(col, f.from)}`;
  return `≤ ${shown(col, f.to)}`;
}

/** The filters with one column's filter set or (null) removed. */
export function withColumnFilter(filters: ColumnFilters, field: string, f: ColumnFilter | null): ColumnFilters {
  const { [field]: _old, ...rest } = filters;
  return f ? { ...rest, [field]: f } : rest;
}
