/**
 * The transfer checklist PDF (TC-010 GetPdf): the report frame of ./pdf.ts, the checklist's fields
 * as the screen lays them out (schemas/layouts/transfer-checklist, titles from the entity) with the
 * progress, and its items as the screen's grid (schemas/grids/transfer-checklist-items), with the
 * blocks of the critical path reports (fieldGrid, dataTable). Field contract as there: a field the
 * caller left out (undefined, e.g. the tariff-mitigation flag of a factory user, TC-008) is not
 * printed, label and all.
 */
import { reportDate, reportFrame, type DocDefinition } from '../../core/reports/pdf';
import { nameFieldOf, referenceOf } from '../../core/records/references';
import type { SchemaRegistry } from '../../core/schemas/registry';
import { dataTable, fieldGrid, gridReportColumns, type Field } from '../../core/reports/report-tables';

const LAYOUT = 'transfer-checklist';
const ITEMS_GRID = 'transfer-checklist-items';

export interface TransferChecklistReportData {
  TransferChecklistId: number;
  StockNumber?: string | null;
  PrototypeName?: string | null;
  BrandName?: string | null;
  ToFactoryName?: string | null;
  Items: { ItemName: string; IsEnabled: boolean; IsComplete: boolean; CompletedByName: string | null; CompletedOn: string | null }[];
  [field: string]: unknown;
}

export const transferChecklistFileName = (d: TransferChecklistReportData) =>
  `TransferChecklist-${d.StockNumber || d.TransferChecklistId}${d.ToFactoryName ? `-${d.ToFactoryName}` : ''}`;

/** The layout's fields, each as label (the entity's title) and printed value: a reference by its name, a flag Yes/No, a date MM/DD/YYYY. */
function layoutFields(schemas: Pick<SchemaRegistry, 'layouts' | 'entities'>, d: TransferChecklistReportData): Field[] {
  const layout = schemas.layouts.get(LAYOUT)!;
  const entity = schemas.entities.get(layout.entity)!;
  return layout.sections
    .flatMap((s) => s.rows.flat())
    .map((f): Field => {
      const p = entity.properties[f];
      const ref = referenceOf(p);
      const v = d[ref ? nameFieldOf(f, ref) : f];
      const shown = v === undefined || v === null ? v : p.format === 'date' ? reportDate(v as string) : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);
      return [p.title ?? f, shown];
    });
}

export function buildTransferChecklistReport(
  d: TransferChecklistReportData,
  schemas: Pick<SchemaRegistry, 'layouts' | 'entities' | 'grids'>,
  printedAt?: Date,
): DocDefinition {
  const done = d.Items.filter((i) => i.IsEnabled && i.IsComplete).length;
  const enabled = d.Items.filter((i) => i.IsEnabled).length;
  const items = schemas.grids.get(ITEMS_GRID)!;
  return reportFrame({ title: 'Transfer Checklist', brandName: d.BrandName, printedAt }, [
    { text: `${d.StockNumber ?? ''} ${d.PrototypeName ?? ''}`.trim(), style: 'sectionTitle' },
    fieldGrid([...layoutFields(schemas, d), ['Progress', `${done} of ${enabled} enabled items complete`]]),
    dataTable(items.title, d.Items, gridReportColumns(schemas, ITEMS_GRID), 'No items.'),
  ]);
}
