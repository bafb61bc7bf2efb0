/**
 * The transfer checklist PDF's document (TC-010, TC-008): the screen's layout and items grid (titles
 * from the entities); fields left out by the caller are not printed.
 */
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../server/core/schemas/registry';
import { buildTransferChecklistReport, transferChecklistFileName, type TransferChecklistReportData } from '../../server/features/transfer-checklists/report';
import { renderPdf } from '../../server/core/reports/pdf';

const schemas = loadSchemas();
const data: TransferChecklistReportData = {
  TransferChecklistId: 7,
  StockNumber: 'SR1100-001',
  PrototypeName: 'Ridgeline Mid WP',
  BrandName: 'Summit Ridge',
  PatternName: 'Ridgeline Mid',
  FromFactoryName: 'Binh Duong Sole Works',
  ToFactoryName: 'Long An Athletic Footwear',
  TransferProductTypeName: 'Sandal / slide',
  IsTariffMitigationTransfer: true,
  CompletionDate: '2026-11-27',
  Items: [
    { ItemName: 'Lasts transferred', IsEnabled: true, IsComplete: true, CompletedByName: 'Alex Morgan', CompletedOn: '2026-11-27' },
    { ItemName: 'Fit test passed', IsEnabled: false, IsComplete: false, CompletedByName: null, CompletedOn: null },
  ],
};

describe('transfer checklist report (TC-010)', () => {
  it('TC-010 prints the checklist fields, the progress and one row per item', async () => {
    const text = JSON.stringify(buildTransferChecklistReport(data, schemas, new Date(2026, 10, 27)).content);
    for (const s of ['Tariff Mitigation', 'Binh Duong Sole Works', '11/27/2026', 'Lasts transferred', 'Fit test passed', '1 of 1 enabled items complete'])
      expect(text).toContain(s);
    const pdf = await renderPdf(buildTransferChecklistReport(data, schemas));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(transferChecklistFileName(data)).toBe('TransferChecklist-SR1100-001-Long An Athletic Footwear');
  });

  it("issue 26: the header labels are the layout's fields' titles, the item columns the items grid's", () => {
    const text = JSON.stringify(buildTransferChecklistReport(data, schemas).content);
    const checklist = schemas.entities.get('transfer-checklist')!.properties;
    for (const f of schemas.layouts.get('transfer-checklist')!.sections.flatMap((s) => s.rows.flat()))
      expect(text).toContain(`"text":"${checklist[f].title}","style":"label"`);
    const grid = schemas.grids.get('transfer-checklist-items')!;
    const item = schemas.entities.get(grid.entity)!.properties;
    for (const c of grid.columns) expect(text).toContain(`{"text":"${item[c.field].title}","style":"tableHeader"}`);
    // The product type prints by its name, the flag as Yes.
    expect(text).toContain('"Sandal / slide"');
  });

  it("TC-008 a factory user's report (the flag and the factory left out by the caller) does not print them", () => {
    const { IsTariffMitigationTransfer: _flag, FromFactoryName: _from, ...theirs } = data;
    const text = JSON.stringify(buildTransferChecklistReport(theirs, schemas).content);
    expect(text).not.toContain('Tariff Mitigation');
    expect(text).not.toContain('Binh Duong');
    expect(text).toContain('Long An Athletic Footwear');
  });
});
