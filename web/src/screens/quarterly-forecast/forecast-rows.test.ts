import { describe, expect, it } from 'vitest';
import {
  changedPairs,
  chartSeries,
  currentRows,
  editCount,
  gridLines,
  moneyText,
  pivotCell,
  pivotColumns,
  withEdit,
  type ForecastColumn,
  type ForecastRow,
} from './forecast-rows';

const columns: ForecastColumn[] = [
  { Field: 'Y1Q1', Year: 2026, Quarter: 1, Title: '2026 Q1' },
  { Field: 'Y2Q4', Year: 2027, Quarter: 4, Title: '2027 Q4' },
];
const loaded: ForecastRow[] = [
  { SalesRegionId: 1, SalesRegionName: 'US', Y1Q1: 10, Y2Q4: 0 },
  { SalesRegionId: 2, SalesRegionName: 'Canada', Y1Q1: 0, Y2Q4: 5 },
];

describe('quarterly forecast screen rows', () => {
  it('QF-006: an edit back to the loaded value is no change; only changed cells become pairs', () => {
    let edits = withEdit(new Map(), loaded, 1, 'Y1Q1', 12);
    edits = withEdit(edits, loaded, 2, 'Y2Q4', 5);
    expect(editCount(edits)).toBe(1);
    expect(changedPairs(edits, columns, loaded)).toEqual([{ SalesRegionId: 1, Year: 2026, Quarter: 1, Units: 12, OldUnits: 10 }]);
    expect(editCount(withEdit(edits, loaded, 1, 'Y1Q1', 10))).toBe(0);
  });

  it('QF-005: a cell under a header that is not a year and quarter is not sent', () => {
    const odd = [{ ...columns[0], Title: 'Units' }];
    expect(changedPairs(withEdit(new Map(), loaded, 1, 'Y1Q1', 3), odd, loaded)).toEqual([]);
  });

  it('QF-004 QF-009: lines with total units and revenue, a Total line, and the chart series follow the edits', () => {
    const rows = currentRows(loaded, withEdit(new Map(), loaded, 2, 'Y1Q1', 7));
    const lines = gridLines(rows, columns, 2.5);
    expect(lines.map((l) => [l.name, l.units, l.total, l.revenue])).toEqual([
      ['US', [10, 0], 10, 25],
      ['Canada', [7, 5], 12, 30],
      ['Total', [17, 5], 22, 55],
    ]);
    expect(lines[2].id).toBe(0);
    expect(chartSeries(rows, columns)).toEqual([
      { id: 1, name: 'US', values: [10, 0] },
      { id: 2, name: 'Canada', values: [7, 5] },
    ]);
    expect(gridLines(rows, columns, null)[0].revenue).toBeNull();
    expect(moneyText(1234.5, '$')).toBe('$1,234.50');
    expect(moneyText(null, '$')).toBe('');
  });

  it('QF-001 QF-002 the pivot: quarters editable as whole numbers, sums read-only; the Total line, the edited cells and the revenue shown as such', () => {
    expect(pivotColumns(columns, true).map((c) => [c.field, c.title, c.kind, c.readOnly])).toEqual([
      ['name', 'Sales Region', 'text', true],
      ['Y1Q1', '2026 Q1', 'integer', false],
      ['Y2Q4', '2027 Q4', 'integer', false],
      ['total', 'Total Units', 'integer', true],
      ['revenue', 'Revenue', 'money', true],
    ]);
    const edits = withEdit(new Map(), loaded, 2, 'Y1Q1', 7);
    const lines = gridLines(currentRows(loaded, edits), columns, 2.5);
    expect((lines[1] as Record<string, unknown>).Y1Q1).toBe(7);
    expect(pivotCell(lines[1], 'Y1Q1', edits, '$')).toEqual({ className: 'qf-grid__edited', title: 'Changed: not saved yet', text: undefined });
    expect(pivotCell(lines[2], 'revenue', edits, '$')).toEqual({ className: 'qf-grid__total qf-grid__sum', title: undefined, text: '$55.00' });
  });
});
