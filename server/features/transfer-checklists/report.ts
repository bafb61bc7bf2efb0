/**
 * The transfer checklist PDF (TC-010 GetPdf): the report frame of ./pdf.ts, the checklist's fields
 * and one row per item (enabled, complete, who and when), with the blocks of the critical path
 * reports (fieldGrid, dataTable). Field contract as there: a field the caller left out (undefined,
 * e.g. the tariff-mitigation flag of a factory user, TC-008) is not printed, label and all.
 */
import { reportDate, reportFrame, type DocDefinition } from '../../core/reports/pdf';
import { dataTable, fieldGrid, type Column } from '../critical-paths';

export interface TransferChecklistReportData {
  TransferChecklistId: number;
  StockNumber?: string | null;
  PrototypeName?: string | null;
  BrandName?: string | null;
  PatternName?: string | null;
  FromFactoryName?: string | null;
  ToFactoryName?: string | null;
  TransferProductTypeName?: string | null;
  IsTariffMitigationTransfer?: boolean;
  CompletionDate?: string | null;
  Items: { ItemName: string; IsEnabled: boolean; IsComplete: boolean; CompletedByName: string | null; CompletedOn: string | null }[];
}

const COLUMNS: Column<TransferChecklistReportData['Items'][number]>[] = [
  { field: 'ItemName', title: 'Item', width: '*' },
  { field: 'IsEnabled', title: 'Enabled', width: 50, format: 'yesNo' },
  { field: 'IsComplete', title: 'Complete', width: 50, format: 'yesNo' },
  { field: 'CompletedByName', title: 'Completed By', width: 130 },
  { field: 'CompletedOn', title: 'Completed On', width: 70, format: 'date' },
];

export const transferChecklistFileName = (d: TransferChecklistReportData) =>
  `TransferChecklist-${d.StockNumber || d.TransferChecklistId}${d.ToFactoryName ? `-${d.ToFactoryName}` : ''}`;

export function buildTransferChecklistReport(d: TransferChecklistReportData, printedAt?: Date): DocDefinition {
  const flag = d.IsTariffMitigationTransfer === undefined ? undefined : d.IsTariffMitigationTransfer ? 'Yes' : 'No';
  const done = d.Items.filter((i) => i.IsEnabled && i.IsComplete).length;
  const enabled = d.Items.filter((i) => i.IsEnabled).length;
  return reportFrame({ title: 'Transfer Checklist', brandName: d.BrandName, printedAt }, [
    { text: `${d.StockNumber ?? ''} ${d.PrototypeName ?? ''}`.trim(), style: 'sectionTitle' },
    fieldGrid([
      ['Stock Number', d.StockNumber], ['Colorway', d.PrototypeName], ['Pattern', d.PatternName],
      ['From Factory', d.FromFactoryName], ['To Factory', d.ToFactoryName], ['Product Type', d.TransferProductTypeName ?? null],
      ['Tariff Mitigation', flag], ['Completion Date', reportDate(d.CompletionDate ?? null)], ['Progress', `${done} of ${enabled} enabled items complete`],
    ]),
    dataTable('Items', d.Items, COLUMNS, 'No items.'),
  ]);
}
