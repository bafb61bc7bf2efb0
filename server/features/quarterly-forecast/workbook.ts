/**
 * ExportSalesForecast (QF-001/007): the grid as a real .xlsx with the shared table layout
 * (server/domain/sheet-style.ts): Sales Region, the eight 'YYYY Qn' columns, Total Units and, for a
 * user who may see prices, Revenue in the chosen currency; a Total row last. The same headers are
 * what UploadSalesForecast reads back (the Total row and the computed columns are skipped there).
 */
import { newWorkbook } from '../../core/files/exceljs';
import { neutralise } from '../../domain/excel-cells';
import { writeTable, type SheetColumn } from '../../domain/sheet-style';
import { columnTotals, revenueOf, rowUnits } from '../../domain/sales-forecast';
import type { ForecastRow, ForecastSeason, RevenuePrice } from './forecast';

export const EXPORT_FILE = 'QuarterlyForecast-Export.xlsx';
export const REGION_HEADER = 'Sales Region';
export const TOTAL_LABEL = 'Total';

export async function forecastWorkbook(season: ForecastSeason, rows: readonly ForecastRow[], price: RevenuePrice | null): Promise<Buffer> {
  const withRevenue = price?.PricePerUnit !== null && price?.PricePerUnit !== undefined;
  const columns: SheetColumn[] = [
    { header: REGION_HEADER },
    ...season.columns.map((c) => ({ header: c.title, kind: 'integer' as const })),
    { header: 'Total Units', kind: 'integer' },
    ...(withRevenue ? [{ header: `Revenue (${price!.CurrencyKey})`, kind: 'money' as const }] : []),
  ];
  const line = (label: unknown, units: Record<string, unknown>) => {
    const total = rowUnits(units, season.columns);
    return [
      neutralise(label),
      ...season.columns.map((c) => Number(units[c.field]) || 0),
      total,
      ...(withRevenue ? [revenueOf(total, price!.PricePerUnit)] : []),
    ];
  };
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Quarterly Forecast');
  writeTable(ws, columns, [...rows.map((r) => line(r.SalesRegionName, r)), line(TOTAL_LABEL, columnTotals(rows, season.columns))], { frozenColumns: 1 });
  ws.getRow(rows.length + 2).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
