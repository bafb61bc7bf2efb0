/**
 * What both readers (.xlsx streaming, legacy .xls) hand to the import reader: the worksheets in
 * workbook order, each with its visibility, its merged ranges and its rows as an async iterator.
 */
import type { SheetCell } from './cells';

export interface SheetRow {
  row: number;
  cells: Map<number, SheetCell>;
} // column number (1-based) → cell
export interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
} // 1-based, inclusive
export interface Sheet {
  name: string;
  hidden: boolean;
  date1904: boolean;
  /** Merged ranges starting in the first rows (enough for the header area). */
  merges: Merge[];
  rows: AsyncIterator<SheetRow>;
}
export interface SheetSource {
  sheets: AsyncIterator<Sheet>;
  close(): void;
}

/** 'A1:B2' → a Merge (null when it is not a range). */
export function parseRange(ref: string): Merge | null {
  const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(ref.replace(/\$/g, ''));
  if (!m) return null;
  const col = (s: string) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return { top: +m[2], left: col(m[1]), bottom: +m[4], right: col(m[3]) };
}
