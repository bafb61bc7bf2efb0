/**
 * The quarterly forecast grid in Handsontable (QF-001..006): a line per sales region with its units
 * under the 'YYYY Qn' columns, Total Units and Revenue, and a Total line last. Quarter cells are
 * editable with 26 edit (QF-002/003); typed and pasted values (Excel TSV, Handsontable's paste) are
 * parsed as whole numbers, anything else 0 (QF-006). Edited cells are marked until saved. The lines
 * are the screen's; the grid reports each edit.
 */
import { useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';
import { LIST_GRID_PROPS, OWN_SOURCES, useListGridData } from '../../components/data-grid/list-grid';
import { parseUnits } from '@domain/sales-forecast';
import { moneyText, type Edits, type ForecastColumn, type gridLines } from './forecast-rows';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;

export interface UnitsEdit { regionId: number; field: string; units: number }

interface Props {
  lines: ReturnType<typeof gridLines>;
  columns: readonly ForecastColumn[];
  showsRevenue: boolean;
  currencySymbol: string | null;
  canEdit: boolean;
  edits: Edits;
  onEdit: (edits: UnitsEdit[]) => void;
}

export function ForecastGrid({ lines, columns, showsRevenue, currencySymbol, canEdit, edits, onEdit }: Props) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ lines, columns, edits, onEdit, canEdit, currencySymbol });
  latest.current = { lines, columns, edits, onEdit, canEdit, currencySymbol };
  const first = 1;
  const totalCol = first + columns.length;

  const data = useMemo(() => lines.map((l) => [l.name, ...l.units, l.total, ...(showsRevenue ? [l.revenue] : [])]), [lines, showsRevenue]);
  const headers = useMemo(() => ['Sales Region', ...columns.map((c) => c.Title), 'Total Units', ...(showsRevenue ? ['Revenue'] : [])], [columns, showsRevenue]);
  const widths = useMemo(() => [100, ...columns.map(() => 72), 92, ...(showsRevenue ? [120] : [])], [columns, showsRevenue]);

  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    const { lines: ls, columns: cs, edits: es, currencySymbol: sym } = latest.current;
    const line = ls[row];
    const isRevenue = col > first + cs.length;
    const shown = col === 0 ? value : value === null || value === undefined || value === '' ? '' : isRevenue ? moneyText(Number(value), sym) : Number(value).toLocaleString('en-US');
    TextRenderer(instance, td, row, col, prop, shown, cp);
    td.classList.toggle('htRight', col > 0);
    td.classList.toggle('qf-grid__total', !!line && line.id === 0);
    td.classList.toggle('qf-grid__sum', col >= first + cs.length);
    const field = col >= first && col < first + cs.length ? cs[col - first].Field : null;
    const edited = !!(line && field && es.get(line.id)?.has(field));
    td.classList.toggle('qf-grid__edited', edited);
    if (edited) td.title = 'Changed: not saved yet'; else td.removeAttribute('title');
  }, []);

  const hotColumns = useMemo(() => headers.map((_, i): Handsontable.ColumnSettings => ({
    renderer: renderer as never,
    readOnly: !canEdit || i < first || i >= totalCol,
    editor: canEdit && i >= first && i < totalCol ? 'text' : false,
  })), [headers, renderer, canEdit, totalCol]);

  const cells = (row: number): Handsontable.CellMeta => (latest.current.lines[row]?.id === 0 ? { readOnly: true, editor: false } : {});

  useListGridData(ref, data, edits);

  // QF-006: every typed or pasted value becomes whole units (non-numbers 0) before it lands in the cell.
  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    for (const ch of changes) if (ch) ch[3] = parseUnits(ch[3]);
  };

  const afterChange = (changes: Handsontable.CellChange[] | null, source: string) => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    if (!changes || OWN_SOURCES.has(source)) return;
    const { lines: ls, columns: cs } = latest.current;
    const out: UnitsEdit[] = [];
    for (const [row, prop, , after] of changes) {
      const line = ls[row];
      const col = Number(prop);
      if (!line || line.id === 0 || col < first || col >= first + cs.length) continue;
      out.push({ regionId: line.id, field: cs[col - first].Field, units: parseUnits(after) });
    }
    if (out.length) latest.current.onEdit(out);
  };

  const height = Math.min(lines.length * 30 + 33, 560);
  return (
    <div className={`data-grid__table${canEdit ? ' data-grid__table--editable' : ''} qf-grid`} style={{ height }} data-testid="quarterly-forecast-grid" aria-label="Quarterly forecast">
      <HotTable
        ref={ref}
        {...LIST_GRID_PROPS}
        columns={hotColumns}
        cells={cells as never}
        colHeaders={headers}
        colWidths={widths}
        rowHeaders={false}
        fixedColumnsStart={1}
        stretchH="all"
        viewportColumnRenderingOffset={20}
        fillHandle={canEdit ? { direction: 'vertical', autoInsertRow: false } : false}
        maxRows={lines.length}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        afterSelectionEnd={labelCellEditor as never}
      />
    </div>
  );
}
