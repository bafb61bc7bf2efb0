/**
 * The quarterly forecast screen's data (QF-004..006, QF-009): the loaded rows with the user's edits
 * on top, the totals row and column, revenue per row, the changed pairs a save sends (only the
 * cells whose units differ from what was loaded), and the chart's bars.
 */
import { columnTotals, parseQuarterTitle, revenueOf, rowUnits, type QuarterColumn } from '@domain/sales-forecast';
import type { GridColumn } from '../../components/data-grid/columns';

export interface ForecastColumn {
  Field: string;
  Year: number;
  Quarter: 1 | 2 | 3 | 4;
  Title: string;
}
export interface ForecastRow {
  SalesRegionId: number;
  SalesRegionName: string;
  [field: string]: number | string;
}
export interface ForecastAnswer {
  BrandId: number;
  SeasonId: number;
  SeasonName: string;
  Year1: number;
  Year2: number;
  Columns: ForecastColumn[];
  Rows: ForecastRow[];
  CanEdit: boolean;
  ShowsRevenue: boolean;
}
export interface RevenuePrice {
  CurrencyKey: string;
  CurrencySymbol: string | null;
  Rate: number | null;
  ColorwayCount: number;
  PricePerUnit: number | null;
}
export interface Pair {
  SalesRegionId: number;
  Year: number;
  Quarter: number;
  Units: number;
  OldUnits: number;
}

/** Edits: region id → field → units. */
export type Edits = ReadonlyMap<number, ReadonlyMap<string, number>>;

export const quarterColumnsOf = (cols: readonly ForecastColumn[]): QuarterColumn[] =>
  cols.map((c) => ({ field: c.Field, year: c.Year, quarter: c.Quarter, title: c.Title }));

/** The rows as shown: loaded units with the edits applied. */
export function currentRows(rows: readonly ForecastRow[], edits: Edits): ForecastRow[] {
  return rows.map((r) => {
    const e = edits.get(r.SalesRegionId);
    return e ? { ...r, ...Object.fromEntries(e) } : r;
  });
}

/** An edit recorded: a value equal to the loaded one drops the edit (QF-006: unchanged values are ignored). */
export function withEdit(edits: Edits, loaded: readonly ForecastRow[], regionId: number, field: string, units: number): Map<number, Map<string, number>> {
  const next = new Map([...edits].map(([k, v]) => [k, new Map(v)]));
  const row = loaded.find((r) => r.SalesRegionId === regionId);
  const own = next.get(regionId) ?? new Map<string, number>();
  if (row && Number(row[field]) === units) own.delete(field);
  else own.set(field, units);
  if (own.size) next.set(regionId, own);
  else next.delete(regionId);
  return next;
}

/**
 * QF-005: the pairs a save sends, each with the units it was read at (a stale save is a 409). Each
 * edited cell's column title must read as a year and quarter; a cell under any other header is not sent.
 */
export function changedPairs(edits: Edits, columns: readonly ForecastColumn[], loaded: readonly ForecastRow[]): Pair[] {
  const byField = new Map(columns.map((c) => [c.Field, parseQuarterTitle(c.Title)]));
  const pairs: Pair[] = [];
  for (const [regionId, cells] of edits) {
    const row = loaded.find((r) => r.SalesRegionId === regionId);
    for (const [field, units] of cells) {
      const yq = byField.get(field);
      if (yq) pairs.push({ SalesRegionId: regionId, Year: yq.year, Quarter: yq.quarter, Units: units, OldUnits: Number(row?.[field]) || 0 });
    }
  }
  return pairs;
}

export const editCount = (edits: Edits) => [...edits.values()].reduce((s, m) => s + m.size, 0);

/** The grid's body: one line per region, then the totals line (its id 0). Each line: units (also under each quarter's field), total units, revenue. */
export function gridLines(rows: readonly ForecastRow[], columns: readonly ForecastColumn[], price: number | null) {
  const q = quarterColumnsOf(columns);
  const line = (id: number, name: string, units: Record<string, unknown>) => {
    const total = rowUnits(units, q);
    const values = q.map((c) => Number(units[c.field]) || 0);
    return { ...Object.fromEntries(q.map((c, i) => [c.field, values[i]])), id, name, units: values, total, revenue: revenueOf(total, price) };
  };
  return [...rows.map((r) => line(r.SalesRegionId, r.SalesRegionName, r)), line(0, 'Total', columnTotals(rows, q))];
}

export type Line = ReturnType<typeof gridLines>[number];

const column = (field: string, title: string, width: number, kind: GridColumn['kind'], readOnly = true): GridColumn => ({
  field,
  title,
  width,
  kind,
  readOnly,
  nullable: true,
});
/** The pivot's columns (the season's quarters: no grid document names them, ADR 029): the region, its units per quarter, total units and revenue. */
export const pivotColumns = (columns: readonly ForecastColumn[], showsRevenue: boolean): GridColumn[] => [
  column('name', 'Sales Region', 100, 'text'),
  ...columns.map((c) => column(c.Field, c.Title, 72, 'integer', false)),
  column('total', 'Total Units', 92, 'integer'),
  ...(showsRevenue ? [column('revenue', 'Revenue', 120, 'money')] : []),
];

/** How a pivot cell looks: the Total line and the sums, a cell changed since the last save, the revenue in its currency. */
export function pivotCell(line: Line, field: string, edits: Edits, symbol: string | null) {
  const edited = !!edits.get(line.id)?.has(field);
  const className = [line.id === 0 && 'qf-grid__total', (field === 'total' || field === 'revenue') && 'qf-grid__sum', edited && 'qf-grid__edited']
    .filter(Boolean)
    .join(' ');
  return { className, title: edited ? 'Changed: not saved yet' : undefined, text: field === 'revenue' ? moneyText(line.revenue, symbol) : undefined };
}

export interface ChartSeries {
  id: number;
  name: string;
  values: number[];
}

/** The chart: per region, its units in each quarter column. */
export const chartSeries = (rows: readonly ForecastRow[], columns: readonly ForecastColumn[]): ChartSeries[] =>
  rows.map((r) => ({ id: r.SalesRegionId, name: r.SalesRegionName, values: columns.map((c) => Number(r[c.Field]) || 0) }));

/** Money as the grid and the summary show it: '$1,234.50'. */
export function moneyText(value: number | null, symbol: string | null | undefined): string {
  if (value === null) return '';
  return `${symbol ?? ''}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
