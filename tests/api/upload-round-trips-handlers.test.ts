/**
 * Issue 28: the two upload kinds upload-round-trips.test.ts leaves out, a file exported by the
 * product, opened and saved in LibreOffice (.xlsx, .xls, .ods, .csv, made at test time by
 * tests/support/office.ts) and uploaded back through the one reader:
 * - the transfer checklist upload (TC-010) from its own export (POST /api/TransferChecklist/Export):
 *   0 changed, 0 refused; one item cell cleared is the only change;
 * - the mass carryover (CARRY-012) from the forecast grid's export of the source season (it has the
 *   Stock Number, Season and volume columns the carryover reads): a carryover carries every found
 *   row, so its no-op is "no cell changes": every format previews row for row as the product's own
 *   file does, with no volume cell changed; one changed volume is the only changed cell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bytesOf, gridExport, headerIndex, importRowsOf, previewUpload, readWorkbook } from '../helpers/uploads';
import { convertWithOffice, removeOfficeFiles } from '../support/office';

const FORMATS = ['xlsx', 'xls', 'ods', 'csv'] as const;
type Format = (typeof FORMATS)[number];
const CARRY = '/api/Carryover/UploadPrototypeCarryover';
const CHECKLISTS = '/api/TransferChecklist/Upload';
// The carryover's source (brand 1, Spring/Summer 2026) and target (Spring/Summer 2027 and its line plan), as in carryover.test.ts.
const SOURCE = { BrandId: 1, SeasonId: 1 };
const TARGET = { ToSeasonId: '3', ToLinePlanId: '3' };
const NEW_VOLUME = 4321;

let t: TestApp;
let admin: string;
/** kind → format → [unchanged file, file with one changed cell]; the product's own .xlsx files as they were exported and changed. */
const files = new Map<string, Record<Format, [string, string]>>();
const own = new Map<string, [Buffer, Buffer]>();
let clearedItem = '';

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await t.tokens('admin');
  // Transfer checklists: every one the admin sees; in row 2 a complete item ('x') is cleared (reopening is always allowed).
  const checklists = await readWorkbook(await (await t.request('POST', '/api/TransferChecklist/Export', { token: admin, json: {} })).arrayBuffer());
  const cws = checklists.worksheets[0];
  const unchangedChecklists = await bytesOf(checklists);
  const [title, col] = [...headerIndex(cws)].find(([, c]) => cws.getRow(2).getCell(c).value === 'x') ?? [];
  expect(col, 'row 2 of the checklist export has a complete item').toBeTruthy();
  clearedItem = title!;
  cws.getRow(2).getCell(col!).value = null;
  own.set('checklists', [unchangedChecklists, await bytesOf(checklists)]);
  // Carryover: the forecast grid's export of the source season; row 2's US Volume changed.
  const forecast = await gridExport(t, admin, 'forecast', SOURCE);
  const fws = forecast.worksheets[0];
  const unchangedForecast = await bytesOf(forecast);
  fws.getRow(2).getCell(headerIndex(fws).get('US Volume')!).value = NEW_VOLUME;
  own.set('carryover', [unchangedForecast, await bytesOf(forecast)]);

  const inputs = [...own].flatMap(([kind, [same, changed]]) =>
    FORMATS.flatMap((to) => [
      { kind, to, changed: false, content: same },
      { kind, to, changed: true, content: changed },
    ]),
  );
  const out = await convertWithOffice(inputs.map((i) => ({ name: `${i.kind}${i.changed ? '-changed' : ''}.xlsx`, content: i.content, to: i.to })));
  inputs.forEach((i, n) => {
    const byFormat = files.get(i.kind) ?? ({} as Record<Format, [string, string]>);
    (byFormat[i.to] ??= ['', ''])[i.changed ? 1 : 0] = out[n];
    files.set(i.kind, byFormat);
  });
}, 300_000);
afterAll(async () => {
  removeOfficeFiles();
  await t?.close();
});

/** A preview's rows as compared between files: row, record, outcome, changed cells and errors. */
const outline = async (importId: number) =>
  (await importRowsOf(t, admin, importId)).map((r) => ({
    Row: r.RowNumber,
    Key: r.Key,
    Outcome: r.Outcome,
    Cells: r.Cells,
    Errors: r.Errors.map((e) => e.Message),
  }));

describe('LibreOffice round trips of the handler uploads (issue 28)', () => {
  it('TC-010: the transfer checklist export saved by LibreOffice as .xlsx, .xls, .ods and .csv previews 0 changed, 0 refused; one cleared item is the only change', async () => {
    for (const to of FORMATS) {
      const [same, changed] = files.get('checklists')![to];
      const name = `checklists.${to}`;
      const a = await previewUpload(t, admin, CHECKLISTS, readFileSync(same), name);
      expect(a.Status, `${name}: ${JSON.stringify(a)}`).toBe('Previewed');
      const problems = await importRowsOf(t, admin, a.ImportId, 'changed,refused,unknown');
      expect({ name, Changed: a.Counts.Changed, Refused: a.Counts.Refused, Unknown: a.Counts.Unknown }, JSON.stringify(problems.slice(0, 3))).toEqual({
        name,
        Changed: 0,
        Refused: 0,
        Unknown: 0,
      });
      expect(a.Counts.Unchanged, name).toBeGreaterThan(1);

      const b = await previewUpload(t, admin, CHECKLISTS, readFileSync(changed), name);
      expect(
        { name, Changed: b.Counts.Changed, Refused: b.Counts.Refused, Unknown: b.Counts.Unknown },
        JSON.stringify(await importRowsOf(t, admin, b.ImportId, 'refused,unknown')),
      ).toEqual({ name, Changed: 1, Refused: 0, Unknown: 0 });
      const [row] = await importRowsOf(t, admin, b.ImportId, 'changed');
      expect(row.RowNumber, name).toBe(2);
      expect(Object.values(row.Cells), `${name}: ${clearedItem}`).toEqual([{ Old: 'x', New: '' }]);
      await t.request('POST', `/api/Upload/${b.ImportId}/Discard`, { token: admin });
    }
  });

  it("CARRY-012: the forecast export of the source season saved by LibreOffice previews as a carryover row for row like the product's own file, no volume changed; one changed volume is the only changed cell", async () => {
    const [ownSame, ownChanged] = own.get('carryover')!;
    const reference = await previewUpload(t, admin, CARRY, ownSame, 'carryover.xlsx', TARGET);
    expect(reference.Status, JSON.stringify(reference)).toBe('Previewed');
    const expected = await outline(reference.ImportId);
    // The product's own file: rows carried (or refused as carried already), none with a volume cell changed.
    expect(expected.filter((r) => r.Outcome === 'changed').length).toBeGreaterThan(1);
    expect(expected.filter((r) => Object.keys(r.Cells).length)).toEqual([]);
    const withChange = await outline((await previewUpload(t, admin, CARRY, ownChanged, 'carryover.xlsx', TARGET)).ImportId);
    const changedRow = withChange.find((r) => r.Row === 2)!;
    expect(Object.keys(changedRow.Cells)).toEqual(['USVolume']);
    expect(changedRow.Cells.USVolume.New).toBe(NEW_VOLUME);
    expect(withChange.filter((r) => r.Row !== 2)).toEqual(expected.filter((r) => r.Row !== 2));

    for (const to of FORMATS) {
      const [same, changed] = files.get('carryover')![to];
      const name = `carryover.${to}`;
      const a = await previewUpload(t, admin, CARRY, readFileSync(same), name, TARGET);
      expect(a.Status, `${name}: ${JSON.stringify(a)}`).toBe('Previewed');
      expect(await outline(a.ImportId), name).toEqual(expected);
      const b = await previewUpload(t, admin, CARRY, readFileSync(changed), name, TARGET);
      expect(await outline(b.ImportId), name).toEqual(withChange);
      for (const id of [a.ImportId, b.ImportId]) await t.request('POST', `/api/Upload/${id}/Discard`, { token: admin });
    }
  });
});
