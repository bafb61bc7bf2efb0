/**
 * Issue 28: an export opened and saved in LibreOffice (.xlsx, .xls, .ods, .csv) uploads back as a
 * no-op, for every flash-edit grid and every upload kind a grid export starts; one changed cell is
 * the only change in the preview. The files are made at test time by LibreOffice from the product's
 * own exports (tests/support/office.ts), as an analyst would save them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, gridExport, headerIndex, importRowsOf, previewUpload, readWorkbook } from '../helpers/uploads';
import { convertWithOffice, removeOfficeFiles } from '../support/office';
import { readFileSync } from 'node:fs';

const FORMATS = ['xlsx', 'xls', 'ods', 'csv'] as const;
// Each kind: its route, the grid whose export a user starts from, a column to change in row 2.
interface Kind {
  id: string;
  route: string;
  grid?: string;
  column: string | number;
  value: unknown;
  exportFrom?: [string, object];
  fields?: Record<string, string>;
}
const KINDS: Kind[] = [
  { id: 'costing', route: '/api/Costing/UploadPrototypeCosting', grid: 'costing', column: 'Outsole Tech Code', value: 'OT-ROUND' },
  { id: 'forecast', route: '/api/Forecast/UploadPrototypeForecast', grid: 'forecast', column: 'US Volume', value: 4321 },
  { id: 'pattern-forecast', route: '/api/Forecast/UploadPatternForecast', grid: 'pattern-forecast', column: 'US Volume', value: 4321 },
  { id: 'hts', route: '/api/import/hts-flash-edit', grid: 'hts', column: 'HTS Notes', value: 'checked by round trip' },
  { id: 'prototype', route: '/api/Upload/prototype', grid: 'prototype', column: 'Color Description', value: 'Round Green' },
  { id: 'briefs', route: '/api/Brief/UploadBriefs', grid: 'brief-search', column: 'Target # Patterns', value: 7 },
  { id: 'patterns', route: '/api/Pattern/UploadPatterns', grid: 'pattern-search', column: 'Development Type', value: 'Round trip' },
  { id: 'colorways', route: '/api/Prototype/UploadPrototypes', grid: 'colorway-search', column: 'Color Description', value: 'Round Blue' },
  // An all-or-nothing kind (ADR 028) with its own export and form fields: the quarterly forecast of a brand and season (US 2026 Q1).
  {
    id: 'sales-forecast',
    route: '/api/QuarterlyForecast/UploadSalesForecast',
    exportFrom: ['/api/QuarterlyForecast/ExportSalesForecast', { BrandId: 3, SeasonId: 10 }],
    fields: { BrandId: '3', SeasonId: '10' },
    column: 2,
    value: 500,
  },
];

let t: TestApp;
let admin: string;
/** kind id → format → [unchanged file, file with one changed cell]. */
const files = new Map<string, Record<string, [string, string]>>();

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await t.tokens('admin');
  const inputs: { kind: string; to: (typeof FORMATS)[number]; changed: boolean; content: Buffer }[] = [];
  for (const k of KINDS) {
    const wb = k.exportFrom
      ? await readWorkbook(await (await t.request('POST', k.exportFrom[0], { token: admin, json: k.exportFrom[1] })).arrayBuffer())
      : await gridExport(t, admin, k.grid!, { BrandId: 1 });
    const unchanged = await bytesOf(wb);
    const ws = wb.worksheets[0];
    const col = typeof k.column === 'number' ? k.column : headerIndex(ws).get(k.column);
    expect(col, `${k.id} export has a '${k.column}' column`).toBeTruthy();
    ws.getRow(2).getCell(col!).value = k.value as never;
    const changed = await bytesOf(wb);
    for (const to of FORMATS) inputs.push({ kind: k.id, to, changed: false, content: unchanged }, { kind: k.id, to, changed: true, content: changed });
  }
  // One LibreOffice run per target format converts every export.
  const out = await convertWithOffice(inputs.map((i) => ({ name: `${i.kind}${i.changed ? '-changed' : ''}.xlsx`, content: i.content, to: i.to })));
  inputs.forEach((i, n) => {
    const byFormat = files.get(i.kind) ?? {};
    (byFormat[i.to] ??= ['', ''])[i.changed ? 1 : 0] = out[n];
    files.set(i.kind, byFormat);
  });
}, 300_000);
afterAll(async () => {
  removeOfficeFiles();
  await t?.close();
});

describe('LibreOffice round trips of the exports (issue 28)', () => {
  for (const k of KINDS) {
    it(`FLASH-005/SEARCH-013/QF-008: ${k.id}: saved by LibreOffice as .xlsx, .xls, .ods and .csv, it previews 0 changed, 0 refused; one changed cell is the only change`, async () => {
      for (const to of FORMATS) {
        const [same, changed] = files.get(k.id)![to];
        const name = `${k.id}.${to}`;
        const a = await previewUpload(t, admin, k.route, readFileSync(same), name, k.fields);
        expect(a.Status, `${name}: ${JSON.stringify(a)}`).toBe('Previewed');
        const problems = await importRowsOf(t, admin, a.ImportId, 'changed,refused,unknown');
        expect({ name, Changed: a.Counts.Changed, Refused: a.Counts.Refused, Unknown: a.Counts.Unknown }, JSON.stringify(problems.slice(0, 3))).toEqual({
          name,
          Changed: 0,
          Refused: 0,
          Unknown: 0,
        });
        expect(a.Counts.Unchanged, name).toBeGreaterThan(0);

        const b = await previewUpload(t, admin, k.route, readFileSync(changed), name, k.fields);
        expect(
          { name, Changed: b.Counts.Changed, Refused: b.Counts.Refused, Unknown: b.Counts.Unknown },
          JSON.stringify(await importRowsOf(t, admin, b.ImportId, 'refused,unknown')),
        ).toEqual({ name, Changed: 1, Refused: 0, Unknown: 0 });
        const [row] = await importRowsOf(t, admin, b.ImportId, 'changed');
        expect(Object.keys(row.Cells), name).toHaveLength(1);
        expect(String(Object.values(row.Cells)[0].New), name).toBe(String(k.value));
        await t.request('POST', `/api/Upload/${b.ImportId}/Discard`, { token: admin });
      }
    });
  }
});
