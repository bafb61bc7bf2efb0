/**
 * The read-only diff grid of an import (issue 13) in Handsontable: changed cells highlighted with
 * 'old → new', cells and rows with errors in red with the message as the cell's title. The
 * DataGrid needs a grid document; these columns are the uploaded file's, so the grid is its own.
 */
import { useMemo } from 'react';
import { HotTable } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../data-grid/data-grid.css';
import { diffHeaders, diffRow, type DiffCell } from './diff-cells';
import type { ImportColumn, ImportRow } from './upload-api';
import './upload.css';
import { dropHolderTabindex } from '../data-grid/hot-a11y';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;

/** As in GridTable: without the holder's tabindex axe sees the grid's rows (aria-required-children). */
export interface DiffGridProps {
  columns: readonly ImportColumn[];
  rows: readonly ImportRow[];
  height: number | string;
}

export function DiffGrid({ columns, rows, height }: DiffGridProps) {
  const cells = useMemo(() => rows.map((r) => diffRow(r, columns)), [rows, columns]);
  const data = useMemo(() => cells.map((r) => r.map((c) => c.text)), [cells]);
  const headers = useMemo(() => diffHeaders(columns), [columns]);
  const widths = useMemo(() => [56, 120, 90, ...columns.map((c) => Math.max(110, Math.min(220, c.Title.length * 8 + 24))), 320], [columns]);
  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    TextRenderer(instance, td, row, col, prop, value, cp);
    const cell: DiffCell | undefined = cells[row]?.[col];
    td.classList.toggle('cell--changed', cell?.mark === 'changed');
    td.classList.toggle('cell--error', cell?.mark === 'error');
    if (cell?.title) td.title = cell.title;
    else td.removeAttribute('title');
  }, [cells]);
  // A function renderer goes in the column settings (HotTable's own `renderer` prop takes a React component).
  const hotColumns = useMemo(() => headers.map(() => ({ renderer: renderer as never, readOnly: true })), [headers, renderer]);
  return (
    <div className="data-grid__table diff-grid" style={{ height }} data-testid="diff-grid">
      <HotTable
        licenseKey="non-commercial-and-evaluation"
        themeName="ht-theme-main"
        data={data}
        colHeaders={headers}
        colWidths={widths}
        rowHeaders={false}
        columns={hotColumns}
        rowHeights={30}
        autoRowSize={false}
        autoColumnSize={false}
        wordWrap={false}
        fixedColumnsStart={2}
        stretchH="last"
        manualColumnResize
        width="100%"
        height="100%"
        disableVisualSelection={false}
        outsideClickDeselects
        afterInit={dropHolderTabindex as never}
      />
    </div>
  );
}
