/**
 * A calculator's results as a read-only Handsontable (issue 16): numbers right-aligned as the
 * screen formatted them, one cell highlighted (the margin at the entered MSRP, or the FOB of the
 * highest margin the entered FOB reaches) and its row in bold. Arrow keys, Home/End and Ctrl+C work
 * as in every grid; nothing is editable. The rows come from the screen (DataGrid needs a grid
 * document; these are computed), so the grid is its own, with the list grids' shared settings (list-grid.ts).
 */
import { useEffect, useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { LIST_GRID_PROPS } from '../../components/data-grid/list-grid';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;

export interface CalcColumn { title: string; width: number }
export interface CalcCell { row: number; col: number; title: string }

export interface CalcGridProps {
  columns: readonly CalcColumn[];
  /** Display text per row and column. */
  rows: readonly (readonly string[])[];
  /** The cell to highlight, with its tooltip; null: none. */
  hit: CalcCell | null;
  height: number;
  testId: string;
}

export function CalcGrid({ columns, rows, hit, height, testId }: CalcGridProps) {
  const ref = useRef<HotTableRef>(null);
  const data = useMemo(() => rows.map((r) => [...r]), [rows]);
  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    TextRenderer(instance, td, row, col, prop, value, cp);
    td.classList.add('htRight');
    const isHit = !!hit && hit.row === row && hit.col === col;
    td.classList.toggle('calc-grid__hit', isHit);
    td.classList.toggle('calc-grid__hit-row', !!hit && hit.row === row);
    if (isHit) td.title = hit.title;
    else td.removeAttribute('title');
  }, [hit]);
  const hotColumns = useMemo(() => columns.map(() => ({ renderer: renderer as never, readOnly: true })), [columns, renderer]);
  // The highlighted row in view, a few rows below the top (the MSRP table's centre is row 16 of 33).
  const hitRow = hit?.row ?? -1;
  useEffect(() => {
    if (hitRow >= 0) ref.current?.hotInstance?.scrollViewportTo({ row: Math.max(0, hitRow - 4), verticalSnap: 'top' });
  }, [hitRow, data]);
  return (
    <div className="data-grid__table calc-grid" style={{ height }} data-testid={testId}>
      <HotTable
        ref={ref}
        {...LIST_GRID_PROPS}
        rowHeaders={false}
        outsideClickDeselects
        readOnly
        stretchH="all"
        data={data}
        colHeaders={columns.map((c) => c.title)}
        colWidths={columns.map((c) => c.width)}
        columns={hotColumns}
      />
    </div>
  );
}
