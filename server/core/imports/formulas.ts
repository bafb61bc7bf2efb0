/**
 * Formulas without a cached result (issue 28, ADR 033). Excel and LibreOffice store a formula's
 * last result beside it and the reader takes that; a file written by a program (exceljs, a script)
 * may store the formula alone. Such a formula is computed with HyperFormula when it needs nothing
 * but constants and cells of its own row (the row's cells are the only ones at hand: the file is
 * read as a stream); otherwise the cell is refused with a message naming the cell and the formula.
 * LibreOffice's `TRUE()` and `FALSE()` (its booleans) are read without HyperFormula.
 */
import type { HyperFormula as HF } from 'hyperformula';
import { columnLetter, type SheetCell } from './cells';

type Plain = string | number | boolean | Date | null;
export type Computed = { cell: SheetCell } | { error: string };

/** Cell references (A1, $B$7) outside string literals and not function names (LOG10( ). */
const REF = /(?<![A-Za-z_.$\d])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![\d(A-Za-z_!])/g;
/** Another sheet, a whole column (A:A) or a whole row (3:3) is not computed here (a defined name answers #NAME?). */
const OUTSIDE = /!|(?<![A-Za-z\d$])\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![\d(A-Za-z])|(?<![A-Za-z\d$])\$?\d+:\$?\d+/;

const strings = (f: string) => f.replace(/"(?:[^"]|"")*"/g, '""');

export const notComputed = (cell: string, formula: string) =>
  `Cell ${cell}: the formula =${formula} has no saved result and uses cells of other rows or sheets. Open the file in Excel or LibreOffice, save it and upload it again.`;
export const computeFailed = (cell: string, formula: string, error: string) => `Cell ${cell}: the formula =${formula} gives ${error}.`;

const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** One HyperFormula engine per reader, made when a file first needs it (loading it costs ~100 ms). */
export function formulaComputer(date1904: boolean) {
  let engine: Promise<{ hf: HF; sheet: number }> | undefined;
  const start = async () => {
    const { HyperFormula } = await import('hyperformula');
    const hf = HyperFormula.buildEmpty({
      licenseKey: 'gpl-v3',
      nullDate: date1904 ? { year: 1904, month: 1, day: 1 } : { year: 1899, month: 12, day: 30 },
      useArrayArithmetic: false,
    });
    const name = hf.addSheet('Row');
    return { hf, sheet: hf.getSheetId(name)! };
  };
  let placed: Map<number, SheetCell> | undefined;
  const serial = (d: Date) => (d.getTime() - (date1904 ? EPOCH_1904 : EPOCH_1900)) / 86_400_000;
  const plainOf = (cell: SheetCell, row: number): Plain => {
    if (cell === null || cell === undefined) return null;
    if (cell instanceof Date) return serial(cell);
    if (typeof cell !== 'object') return cell;
    if ('richText' in cell) return cell.richText.map((r) => r.text ?? '').join('');
    if ('error' in cell) return null;
    if (cell.result !== undefined && cell.result !== null) return cell.result instanceof Date ? serial(cell.result) : (cell.result as Plain);
    return `=${sameRow(cell.formula, row)}`;
  };
  /** The formula with its own row's references moved to row 1 (where the row is put); null when it reaches further. */
  function sameRow(formula: string, row: number): string {
    return formula
      .replace(/^=/, '')
      .split(/("(?:[^"]|"")*")/)
      .map((part, i) => (i % 2 ? part : part.replace(REF, (_m, d1, col, d2, r) => (Number(r) === row ? `${d1}${col}${d2}1` : `${d1}${col}${d2}#OTHER`))))
      .join('');
  }

  /** The cell at `column` of `row` computed, or why not. */
  return async function compute(cells: Map<number, SheetCell>, row: number, column: number, formula: string): Promise<Computed> {
    const f = formula.replace(/^=/, '').trim();
    const at = `${columnLetter(column)}${row}`;
    const literal = /^(TRUE|FALSE)\(\)$/i.exec(f);
    if (literal) return { cell: literal[1].toUpperCase() === 'TRUE' };
    const moved = sameRow(f, row);
    if (moved.includes('#OTHER') || OUTSIDE.test(strings(f))) return { error: notComputed(at, f) };
    engine ??= start();
    const { hf, sheet } = await engine;
    // The row is put in the engine once for all its formulas (their own cells too: one may use another).
    if (placed !== cells) {
      const width = Math.max(0, ...cells.keys());
      hf.setSheetContent(sheet, [Array.from({ length: width }, (_, i) => plainOf(cells.get(i + 1), row)) as (string | number | boolean | null)[]]);
      placed = cells;
    }
    let value: unknown;
    try {
      value = hf.calculateFormula(`=${moved}`, sheet);
    } catch {
      return { error: notComputed(at, f) };
    }
    if (value === null || value === undefined) return { cell: null };
    if (typeof value === 'object' && 'value' in (value as object)) {
      const code = String((value as { value: unknown }).value);
      return { error: code === '#NAME?' ? notComputed(at, f) : computeFailed(at, f, code) };
    }
    if (Array.isArray(value)) return { error: notComputed(at, f) };
    return { cell: { formula: f, result: value as string | number | boolean } };
  };
}
