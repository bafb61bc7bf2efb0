/**
 * The quarterly forecast pivot (QF-001..006): a line per sales region with its units under the
 * 'YYYY Qn' columns, Total Units and Revenue, and a Total line last. Quarter cells are editable with
 * 26 edit (QF-002/003); typed and pasted values (Excel TSV, Handsontable's paste) are parsed as
 * whole numbers, anything else 0 (QF-006). Edited cells are marked until saved. The lines are the
 * screen's; the grid reports each edit.
 *
 * Not an OwnedGrid (ADR 029): its columns are the season's quarters, which no grid document can
 * name; its Total line and Total Units and Revenue columns are sums of the other cells; and a value
 * that is no number becomes 0 (QF-006) where an owned grid's cell refuses it. It uses the shared
 * set-up (hot-setup.ts) and cell kinds (hot-cells.ts: integer cells with the numeric editor and
 * thousands separators, money for the revenue).
 */
import { useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import type { GridColumn } from '../../components/data-grid/columns';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';
import { hotColumn } from '../../components/data-grid/hot-cells';
import { HOT_BASE } from '../../components/data-grid/hot-setup';
import { OWN_SOURCES, useListGridData } from '../../components/data-grid/list-grid';
import { parseUnits } from '@domain/sales-forecast';
import { moneyText, type Edits, type ForecastColumn, type gridLines } from './forecast-rows';

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

const column = (field: string, title: string, width: number, kind: GridColumn['kind'], readOnly: boolean): GridColumn => ({ field, title, width, kind, readOnly, nullable: true });
const noErrors = () => undefined;

export function ForecastGrid({ lines, columns, showsRevenue, currencySymbol, canEdit, edits, onEdit }: Props) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ lines, columns, edits, onEdit, currencySymbol });
  latest.current = { lines, columns, edits, onEdit, currencySymbol };
  const first = 1;

  const data = useMemo(() => lines.map((l) => [l.name, ...l.units, l.total, ...(showsRevenue ? [l.revenue] : [])]), [lines, showsRevenue]);
  const cols = useMemo(() => [
    column('name', 'Sales Region', 100, 'text', true), ...columns.map((c) => column(c.Field, c.Title, 72, 'integer', false)),
    column('total', 'Total Units', 92, 'integer', true), ...(showsRevenue ? [column('revenue', 'Revenue', 120, 'money', true)] : []),
  ], [columns, showsRevenue]);

  const hotColumns = useMemo(() => {
    // The Total line, the sums and the cells edited since the last save; the revenue with its currency.
    const decorate = (row: number, field: string) => {
      const { lines: ls, edits: es, currencySymbol: sym } = latest.current;
      const line = ls[row];
      const edited = !!line && !!es.get(line.id)?.has(field);
      const className = [line?.id === 0 && 'qf-grid__total', (field === 'total' || field === 'revenue') && 'qf-grid__sum', edited && 'qf-grid__edited'].filter(Boolean).join(' ');
      return { className, title: edited ? 'Changed: not saved yet' : undefined, text: field === 'revenue' && line ? moneyText(line.revenue, sym) : undefined };
    };
    return cols.map((c, i) => ({ ...hotColumn(c, canEdit, noErrors, undefined, decorate), data: i }));
  }, [cols, canEdit]);

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
        {...HOT_BASE}
        rowHeights={30}
        outsideClickDeselects={false}
        columns={hotColumns}
        cells={cells as never}
        colHeaders={cols.map((c) => c.title)}
        colWidths={cols.map((c) => c.width)}
        rowHeaders={false}
        fixedColumnsStart={1}
        stretchH="all"
        viewportColumnRenderingOffset={20}
        fillHandle={canEdit ? { direction: 'vertical', autoInsertRow: false } : false}
        maxRows={lines.length}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        afterInit={labelCellEditor as never}
        afterBeginEditing={labelCellEditor as never}
        afterSelectionEnd={labelCellEditor as never}
      />
    </div>
  );
}
