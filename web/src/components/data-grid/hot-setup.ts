/**
 * The one Handsontable set-up of the app: every module registered once, its styles and theme
 * loaded, and what every grid shares (DataGrid's GridTable, OwnedGrid, the forecast pivot): the
 * settings (one-line cells of fixed height, no measuring of rows or columns, the grid filling its
 * frame) and Excel's paste read with our TSV parser.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import { GRID_THEME } from './grid-theme';
import './data-grid.css';
import { parseTsv } from './tsv';

registerAllModules();

export const HOT_BASE = {
  licenseKey: 'non-commercial-and-evaluation',
  themeName: GRID_THEME,
  autoRowSize: false,
  autoColumnSize: false,
  wordWrap: false,
  width: '100%',
  height: '100%',
  minSpareRows: 0,
  // Two lines of header title (data-grid.css): "Stock Number", "Factory Key" whole at the widths a 1280-px screen gives them.
  columnHeaderHeight: 40,
} as const;

type Cell = { row: number; col: number };

/** The rows of every selected range (visual indexes, ascending, once each). */
export function selectedRowIndexes(hot: Handsontable | null | undefined): number[] {
  const rows = new Set<number>();
  for (const [r1, , r2] of hot?.getSelected() ?? []) for (let r = Math.max(0, Math.min(r1, r2)); r <= Math.max(r1, r2); r++) rows.add(r);
  return [...rows].sort((a, b) => a - b);
}

/** The records of the selected rows (in row order), by the grid's own `recordAt`. */
export function selectedRecords<R>(hot: Handsontable | null | undefined, recordAt: (row: number) => R | undefined): R[] {
  return selectedRowIndexes(hot)
    .map(recordAt)
    .filter((r): r is R => r !== undefined);
}

/**
 * A paste into the grid while it has the keyboard (no cell editor open): Handsontable's own paste
 * is stopped and `onPaste` gets the clipboard's table (Excel's TSV, parsed here) and the selection.
 */
export function useTsvPaste(ref: RefObject<HotTableRef | null>, onPaste: (table: string[][], top: Cell, bottom: Cell) => void) {
  const latest = useRef(onPaste);
  latest.current = onPaste;
  useEffect(() => {
    const listener = (e: ClipboardEvent) => {
      const hot = ref.current?.hotInstance;
      const range = hot?.getSelectedRangeLast();
      const text = e.clipboardData?.getData('text/plain');
      if (!hot?.isListening() || hot.getActiveEditor()?.isOpened() || !range || text === undefined) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      const tl = range.getTopStartCorner();
      const br = range.getBottomEndCorner();
      const top = { row: Math.max(0, tl.row ?? 0), col: Math.max(0, tl.col ?? 0) };
      latest.current(parseTsv(text), top, { row: br.row ?? top.row, col: br.col ?? top.col });
    };
    window.addEventListener('paste', listener, true);
    return () => window.removeEventListener('paste', listener, true);
  }, [ref]);
}
