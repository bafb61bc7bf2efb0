/**
 * Rows a screen fetched itself (rows-from-endpoint mode of DataGrid): sorted and paged in the
 * browser, the way the server sorts and pages grid searches.
 */
import type { GridRecord } from './change-batch';

export interface ClientPage {
  rows: GridRecord[];
  totalPages: number;
  total: number;
}

function compare(a: unknown, b: unknown): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1; // blanks last, as SQL NULLS LAST
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** A sorted copy (stable); no sort field gives the rows in their given order. */
export function sortRows(rows: readonly GridRecord[], field?: string, direction: 'ASC' | 'DESC' = 'ASC'): GridRecord[] {
  if (!field) return rows.slice();
  const sign = direction === 'DESC' ? -1 : 1;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => {
      const c = compare(x.r[field], y.r[field]);
      // Blanks stay last in both directions.
      const blank =
        x.r[field] === null || x.r[field] === undefined || x.r[field] === '' || y.r[field] === null || y.r[field] === undefined || y.r[field] === '';
      return (c === 0 ? 0 : blank ? c : c * sign) || x.i - y.i;
    })
    .map((x) => x.r);
}

/** One page of the rows (page clamped to 1..totalPages). */
export function pageRows(rows: readonly GridRecord[], page: number, pageSize: number): ClientPage {
  const total = rows.length;
  const totalPages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  return { rows: rows.slice((p - 1) * pageSize, p * pageSize), totalPages, total };
}
