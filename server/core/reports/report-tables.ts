/**
 * Building blocks of PDF reports shared by every feature's report: label/value grids and titled
 * tables whose columns come from a grid document (titles from the entity, references by name,
 * dates MM/DD/YYYY, flags Yes/No), so a report prints what the screen's grid shows.
 */
import { REPORT_TABLE_LAYOUT, reportDate, type Content, type ContentNode } from './pdf';
import { nameFieldOf, referenceOf } from '../records/references';
import type { SchemaRegistry } from '../schemas/registry';

/** What a report reads of the schema registry: grid documents and entities. */
export type ReportSchemas = Pick<SchemaRegistry, 'grids' | 'entities'>;

/** A date as the reads give it. */
export type ReportDate = string | Date | null;

type Cell = string | ContentNode;
export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const yesNo = (v: boolean | null | undefined): string => (v === null || v === undefined ? '' : v ? 'Yes' : 'No');

/** A field of a row by name. */
const get = (row: object, field: string): unknown => (row as Record<string, unknown>)[field];

/** A header field: its label and value; `undefined` values are dropped by `fieldGrid`. */
export type Field = [label: string, value: string | null | undefined];

/** Label/value pairs, three to a row; fields whose value is undefined are not printed. */
export function fieldGrid(fields: Field[]): Content {
  const shown = fields.filter(([, v]) => v !== undefined);
  if (!shown.length) return [];
  const PER_ROW = 3;
  const body: Cell[][] = [];
  for (let i = 0; i < shown.length; i += PER_ROW) {
    const row: Cell[] = [];
    for (let j = i; j < i + PER_ROW; j++) {
      const f = shown[j];
      row.push(f ? { text: f[0], style: 'label' } : '', f ? text(f[1]) : '');
    }
    body.push(row);
  }
  return {
    table: { widths: [90, '*', 90, '*', 90, '*'], body },
    layout: 'noBorders',
    margin: [0, 0, 0, 4],
  };
}

/** 'nameOrId': a reference printed by the name its read joined (`also[0]`), the bare id without one. */
export type ColumnFormat = 'text' | 'date' | 'yesNo' | 'nameOrId';
export interface Column<T> {
  /** The field (for presence); for 'nameOrId' the id field, its name field in `also`. */
  field: keyof T & string;
  also?: (keyof T & string)[];
  title: string;
  /** Points, '*' (a share of what is left) or a percentage of the table's width. */
  width: number | '*' | `${number}%`;
  format?: ColumnFormat;
}

/**
 * The columns of a grid document as a report table: each column's title from its entity, a
 * reference printed by its name (the sources in `nameOrId`: the name its read joined, the bare id without one), dates
 * MM/DD/YYYY, flags Yes/No, widths in the proportions of the grid's.
 */
export function gridReportColumns<T extends object>(schemas: ReportSchemas, gridId: string, opts: { nameOrId?: readonly string[] } = {}): Column<T>[] {
  const grid = schemas.grids.get(gridId);
  if (!grid) throw new Error(`No grid document '${gridId}'`);
  const entity = schemas.entities.get(grid.entity)!;
  const total = grid.columns.reduce((n, c) => n + (c.width ?? 100), 0);
  type F = keyof T & string;
  return grid.columns.map((c): Column<T> => {
    const p = entity.properties[c.field];
    const ref = referenceOf(p);
    const types = Array.isArray(p.type) ? p.type : [p.type];
    const width = `${Math.round(((c.width ?? 100) / total) * 1000) / 10}%` as const;
    const title = p.title ?? c.field;
    if (ref && opts.nameOrId?.includes(ref.source)) return { field: c.field as F, also: [nameFieldOf(c.field, ref) as F], title, width, format: 'nameOrId' };
    if (ref) return { field: nameFieldOf(c.field, ref) as F, also: [c.field as F], title, width };
    return { field: c.field as F, title, width, format: p.format === 'date' ? 'date' : types.includes('boolean') ? 'yesNo' : 'text' };
  });
}

function cellValue<T extends object>(row: T, col: Column<T>): string {
  const v = get(row, col.field);
  switch (col.format) {
    case 'date':
      return reportDate(v as ReportDate | undefined);
    case 'yesNo':
      return yesNo(v as boolean | null | undefined);
    case 'nameOrId': {
      const name = get(row, col.also?.[0] ?? '');
      return name !== undefined && name !== null ? String(name) : text(v);
    }
    default:
      return text(v);
  }
}

export const bySortOrder = <T extends { SortOrder?: number | null }>(rows: T[]): T[] =>
  rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.SortOrder ?? Infinity) - (b.row.SortOrder ?? Infinity) || a.i - b.i)
    .map(({ row }) => row);

/**
 * A titled table of the columns some row carries. The title and the column headers are the
 * table's header rows: repeated on every page the table runs over, and never left alone at the
 * foot of a page (kept with the first data row).
 */
export function dataTable<T extends object>(title: string, rows: T[], columns: Column<T>[], empty: string): Content {
  if (!rows.length)
    return {
      stack: [
        { text: title, style: 'subTitle' },
        { text: empty, style: 'note' },
      ],
      unbreakable: true,
      margin: [0, 0, 0, 4],
    };
  const carried = (row: T, f: string) => get(row, f) !== undefined;
  const shown = columns.filter((c) => rows.some((row) => [c.field, ...(c.also ?? [])].some((f) => carried(row, f))));
  const body: Cell[][] = [
    [{ text: title, style: 'subTitle', colSpan: shown.length }, ...shown.slice(1).map(() => '')],
    shown.map((c) => ({ text: c.title, style: 'tableHeader' })),
  ];
  for (const row of rows) body.push(shown.map((c) => cellValue(row, c)));
  return {
    table: { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths: shown.map((c) => c.width), body },
    layout: REPORT_TABLE_LAYOUT,
    margin: [0, 0, 0, 6],
  };
}
