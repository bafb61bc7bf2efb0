import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pdfText } from '../helpers/pdf-text';
import { countQueries } from '../helpers/count-queries';
import { bytesOf, commitUpload, headerIndex, importRowsOf, previewUpload, readWorkbook } from '../helpers/uploads';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';
import { applySave } from '../../server/features/transfer-checklists/checklist-save';
import { loadUser } from '../../server/core/auth/sessions';
import type { SessionUser } from '../../server/core/auth/permissions';

let t: TestApp;
let admin: string, designer: string, factory: string, viewer: string;
let protoA: number, protoB: number, protoOther: number, stockA: string, patternId: number;
const FROM = '310102';
const TO = '310101'; // the factory user's factory
const OTHER = '310103';
const COSTING = ['FFC', 'WsPrice', 'RetailPrice', 'ServFee', 'EstFFC', 'ActPurPrice', 'MitigAdjustment'];
// DECISIONS "Dates": the server runs in a business time zone on another calendar day than UTC, so
// every completion date below proves it is stamped in that zone.
const ZONE = zoneAwayFromUtc();
const todayIso = () => businessToday(ZONE);

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [admin, designer, factory, viewer] = await t.tokens('admin', 'designer', 'factory', 'viewer');
  // Two colorways of one brand-1 pattern (siblings) and a third of another pattern.
  const [pair] = await t.ctx.db.query(
    `SELECT patternid, (array_agg(prototypeid ORDER BY prototypeid))[1:2] AS ids FROM prototypes
      WHERE brandid = 1 AND stocknum IS NOT NULL GROUP BY patternid HAVING count(*) >= 2 ORDER BY patternid LIMIT 1`,
  );
  patternId = pair.patternid;
  [protoA, protoB] = pair.ids;
  [{ prototypeid: protoOther }] = await t.ctx.db.query(
    'SELECT prototypeid FROM prototypes WHERE brandid = 1 AND patternid <> $1 ORDER BY prototypeid LIMIT 1',
    [patternId],
  );
  [{ stocknum: stockA }] = await t.ctx.db.query('SELECT stocknum FROM prototypes WHERE prototypeid = $1', [protoA]);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = admin) => t.request('POST', url, { token, json });
const pairQuery = (p: number, from = FROM, to = TO) => `prototypeId=${p}&fromFactoryKey=${from}&toFactoryKey=${to}`;
const create = async (p: number, from = FROM, to = TO, token = admin) => {
  const res = await t.request('POST', `/api/TransferChecklist/Create?${pairQuery(p, from, to)}`, { token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const details = async (id: number, token = admin) => (await get(`/api/TransferChecklist/Get?transferChecklistId=${id}`, token)).json();
const save = (json: object, token = admin) => post('/api/TransferChecklist/Save', json, token);
const itemOf = (c: any, templateId: number) => c.Items.find((i: any) => i.TransferChecklistTemplateItemId === templateId);
const allItems = (c: any, complete: (templateId: number) => boolean) =>
  c.Items.map((i: any) => ({ TransferChecklistItemId: i.TransferChecklistItemId, IsComplete: complete(i.TransferChecklistTemplateItemId) }));

describe('product types and Find/Create (TC-003, TC-004, DECISIONS TC-011)', () => {
  it('TC-003 GetTransferProductTypes answers the types with their RequiredTemplateItems (data of migration 028)', async () => {
    const res = await get('/api/TransferChecklist/GetTransferProductTypes');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ProductTypes.map((p: any) => p.ProductTypeName)).toEqual(['Cemented athletic', 'Vulcanized canvas', 'Stitched leather', 'Sandal / slide']);
    expect(body.ProductTypes[3].RequiredTemplateItems).toEqual([1, 3, 4, 6, 7, 9]);
    expect(body.TemplateItems).toHaveLength(12);
  });

  it('TC-004 Find answers null until Create makes the checklist of the pair; Create again answers the same one', async () => {
    expect(await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json()).toBeNull();
    const made = await create(protoA);
    expect(made).toMatchObject({
      PrototypeId: protoA,
      StockNumber: stockA,
      FromFactoryKey: FROM,
      ToFactoryKey: TO,
      IsTariffMitigationTransfer: false,
      CompletionDate: null,
      RowVersion: 1,
    });
    expect(made.ToFactoryName).toBe('Dong Nai Footwear Co., Ltd.');
    expect(made.Items).toHaveLength(12);
    // DECISIONS TC-011: no product type yet, so nothing is enabled.
    expect(made.Items.every((i: any) => !i.IsEnabled && !i.IsComplete)).toBe(true);
    const found = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    expect(found.TransferChecklistId).toBe(made.TransferChecklistId);
    expect((await create(protoA)).TransferChecklistId).toBe(made.TransferChecklistId);
    const [{ n }] = await db().query(
      'SELECT count(*)::int AS n FROM transfer_checklists WHERE prototypeid = $1 AND fromfactorykey = $2 AND tofactorykey = $3',
      [protoA, FROM, TO],
    );
    expect(n).toBe(1);
  });

  it('TC-004 validation: missing, malformed or unknown parameters are 4xx, never 500', async () => {
    expect((await get(`/api/TransferChecklist/Find?prototypeId=${protoA}&fromFactoryKey=${FROM}`)).status).toBe(400);
    expect((await get(`/api/TransferChecklist/Find?prototypeId=abc&fromFactoryKey=${FROM}&toFactoryKey=${TO}`)).status).toBe(400);
    expect((await get(`/api/TransferChecklist/Find?prototypeId=99999999999&fromFactoryKey=${FROM}&toFactoryKey=${TO}`)).status).toBe(400);
    const unknown = await get(`/api/TransferChecklist/Find?${pairQuery(protoA, FROM, 'NOPE')}`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).Errors).toEqual([{ Field: 'toFactoryKey', Message: 'Unknown factory.' }]);
    expect((await get(`/api/TransferChecklist/Find?${pairQuery(protoA, TO, TO)}`)).status).toBe(400);
    expect((await get(`/api/TransferChecklist/Find?${pairQuery(2147483647)}`)).status).toBe(404);
    expect((await get('/api/TransferChecklist/Get?transferChecklistId=2147483647')).status).toBe(404);
    expect((await get('/api/TransferChecklist/Get?transferChecklistId=-1')).status).toBe(400);
    expect((await save({ TransferChecklistId: 'x', RowVersion: 1 })).status).toBe(400);
    expect((await save({ TransferChecklistId: 1 })).status).toBe(400);
    expect((await save({ TransferChecklistId: 1, RowVersion: 1, Items: [{ TransferChecklistItemId: 1, IsComplete: 'yes' }] })).status).toBe(400);
    expect((await save({ TransferChecklistId: 1, RowVersion: 1, Extra: true })).status).toBe(400);
    expect((await get('/api/TransferChecklist/SyncPatternLevelItemsPreview?intoThisChecklistId=1&isTariffMitigationTransfer=maybe')).status).toBe(400);
    expect((await post('/api/TransferChecklist/Export', { BrandId: 'one' })).status).toBe(400);
  });
});

describe('completion (TC-005, TC-009, DECISIONS TC-011)', () => {
  it('TC-011 TC-005 TC-009 a product type enables its required items; the last one completed sets the completion date', async () => {
    const c = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const required = [1, 3, 4, 6, 7, 9];
    let res = await save({
      TransferChecklistId: c.TransferChecklistId,
      RowVersion: c.RowVersion,
      TransferProductTypeId: 4,
      Items: allItems(c, (id) => required.includes(id) && id !== 9),
    });
    let body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Message).toBe('Transfer Checklist saved successfully!');
    expect(body.Data.Items.filter((i: any) => i.IsEnabled).map((i: any) => i.TransferChecklistTemplateItemId)).toEqual(required);
    expect(body.Data.CompletionDate).toBeNull();
    expect(itemOf(body.Data, 1)).toMatchObject({ IsComplete: true, CompletedOn: todayIso(), CompletedByName: 'Alex Morgan' });
    res = await save({
      TransferChecklistId: c.TransferChecklistId,
      RowVersion: body.Data.RowVersion,
      Items: [{ TransferChecklistItemId: itemOf(body.Data, 9).TransferChecklistItemId, IsComplete: true }],
    });
    body = await res.json();
    expect(res.status).toBe(200);
    expect(body.Data.CompletionDate).toBe(todayIso());
    // Unchecking one clears it again (TC-005 "otherwise cleared").
    res = await save({
      TransferChecklistId: c.TransferChecklistId,
      RowVersion: body.Data.RowVersion,
      Items: [{ TransferChecklistItemId: itemOf(body.Data, 9).TransferChecklistItemId, IsComplete: false }],
    });
    body = await res.json();
    expect(body.Data.CompletionDate).toBeNull();
    expect(itemOf(body.Data, 9)).toMatchObject({ IsComplete: false, CompletedBy: null, CompletedOn: null });
    const audit = await db().query(`SELECT field FROM audit_log WHERE entity = 'transfer-checklist' AND entityid = $1`, [String(c.TransferChecklistId)]);
    expect(audit.map((a) => a.field)).toEqual(expect.arrayContaining(['TransferProductTypeId', 'CompletionDate', 'Item Confirmation sample approved']));
  });

  it('set-based: a save of one item and of eleven items each write with one UPDATE of the items, one of the checklist, one audit INSERT', async () => {
    const c = await create(protoOther);
    const typed = await (await save({ TransferChecklistId: c.TransferChecklistId, RowVersion: c.RowVersion, TransferProductTypeId: 1 })).json();
    const one = await countQueries(db(), () =>
      save({
        TransferChecklistId: c.TransferChecklistId,
        RowVersion: typed.Data.RowVersion,
        Items: [{ TransferChecklistItemId: itemOf(typed.Data, 1).TransferChecklistItemId, IsComplete: true }],
      }),
    );
    const now = await details(c.TransferChecklistId);
    const many = await countQueries(db(), () =>
      save({ TransferChecklistId: c.TransferChecklistId, RowVersion: now.RowVersion, Items: allItems(now, (id) => id <= 11) }),
    );
    expect((await details(c.TransferChecklistId)).CompletionDate).toBe(todayIso());
    const writes = (sql: string[]) => sql.filter((x) => /^\s*(UPDATE|INSERT|DELETE)/i.test(x) && /transfer_checklist|audit_log/.test(x));
    expect(writes(one.sql)).toHaveLength(3);
    expect(writes(many.sql)).toHaveLength(3);
    expect(many.sql.filter((x) => /transfer_/.test(x)).length).toBe(one.sql.filter((x) => /transfer_/.test(x)).length);
  });

  it('TC-011 checking an item that is not enabled is refused with its field; nothing is written', async () => {
    const c = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const res = await save({
      TransferChecklistId: c.TransferChecklistId,
      RowVersion: c.RowVersion,
      Items: [{ TransferChecklistItemId: itemOf(c, 2).TransferChecklistItemId, IsComplete: true }],
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.Errors[0].Field).toBe('/Items/0/IsComplete');
    expect((await details(c.TransferChecklistId)).RowVersion).toBe(c.RowVersion);
  });

  it('TC-009 a stale row version answers 409 and writes nothing; an item of another checklist is a 400; an unknown product type a 400', async () => {
    const c = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const stale = await save({ TransferChecklistId: c.TransferChecklistId, RowVersion: c.RowVersion - 1, TransferProductTypeId: 1 });
    expect(stale.status).toBe(409);
    expect((await details(c.TransferChecklistId)).TransferProductTypeId).toBe(4);
    expect(
      (await save({ TransferChecklistId: c.TransferChecklistId, RowVersion: c.RowVersion, Items: [{ TransferChecklistItemId: 2147483647, IsComplete: true }] }))
        .status,
    ).toBe(400);
    expect((await save({ TransferChecklistId: c.TransferChecklistId, RowVersion: c.RowVersion, TransferProductTypeId: 99 })).status).toBe(400);
    expect((await save({ TransferChecklistId: 2147483647, RowVersion: 1 })).status).toBe(404);
  });
});

describe('tariff mitigation (TC-006, TC-007, TC-008)', () => {
  let a: any, b: any;
  beforeAll(async () => {
    a = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    // The sibling: the other colorway of the pattern to the same factory, its tooling items done.
    b = await create(protoB);
    const res = await save({
      TransferChecklistId: b.TransferChecklistId,
      RowVersion: b.RowVersion,
      TransferProductTypeId: 1,
      Items: allItems(b, (id) => [2, 5, 6].includes(id)),
    });
    expect(res.status).toBe(200);
  });

  it('TC-007 the preview names the open pattern-level items siblings completed; nothing when turning it off', async () => {
    const res = await get(`/api/TransferChecklist/SyncPatternLevelItemsPreview?intoThisChecklistId=${a.TransferChecklistId}&isTariffMitigationTransfer=true`);
    expect(res.status).toBe(200);
    const body = await res.json();
    // Item 6 is not pattern-level; items 2 and 5 are, and open on A.
    expect(body.Items.map((i: any) => i.TransferChecklistTemplateItemId).sort()).toEqual([2, 5]);
    expect(body.Items[0]).toMatchObject({ CompletedByName: 'Alex Morgan', CompletedOn: todayIso() });
    const off = await (
      await get(`/api/TransferChecklist/SyncPatternLevelItemsPreview?intoThisChecklistId=${a.TransferChecklistId}&isTariffMitigationTransfer=false`)
    ).json();
    expect(off.Items).toEqual([]);
  });

  it("TC-006 turning it on enables every item and takes over the siblings' completed pattern-level items", async () => {
    const cur = await details(a.TransferChecklistId);
    const res = await save({ TransferChecklistId: cur.TransferChecklistId, RowVersion: cur.RowVersion, IsTariffMitigationTransfer: true });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.Data.IsTariffMitigationTransfer).toBe(true);
    expect(body.Data.Items.every((i: any) => i.IsEnabled)).toBe(true);
    expect(itemOf(body.Data, 2).IsComplete).toBe(true);
    expect(itemOf(body.Data, 5).IsComplete).toBe(true);
    expect(itemOf(body.Data, 6).IsComplete).toBe(true); // completed on A itself before
    expect(itemOf(body.Data, 8).IsComplete).toBe(false); // pattern-level, but no sibling completed it
    expect(body.Data.CompletionDate).toBeNull();
  });

  it('TC-008 a factory user never receives the option (nor the factory left, nor any costing field); their save naming it is refused', async () => {
    const res = await get(`/api/TransferChecklist/Get?transferChecklistId=${a.TransferChecklistId}`, factory);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.ToFactoryKey).toBe(TO);
    for (const f of ['IsTariffMitigationTransfer', 'FromFactoryKey', 'FromFactoryName']) expect(body).not.toHaveProperty(f);
    for (const f of COSTING) expect(text).not.toContain(`"${f}"`);
    const list = await (await get('/api/TransferChecklist/GetTransferChecklists?pageSize=1000', factory)).json();
    expect(list.Results.length).toBeGreaterThan(0);
    for (const r of list.Results) {
      expect(r.ToFactoryKey).toBe(TO);
      expect(r).not.toHaveProperty('IsTariffMitigationTransfer');
      expect(r).not.toHaveProperty('FromFactoryName');
    }
    // Factory users hold no 5/2 in the demo: Save and the preview are refused by permission...
    expect((await save({ TransferChecklistId: a.TransferChecklistId, RowVersion: 1 }, factory)).status).toBe(403);
    expect((await get(`/api/TransferChecklist/SyncPatternLevelItemsPreview?intoThisChecklistId=${a.TransferChecklistId}`, factory)).status).toBe(403);
    // ...and a factory user who was given 5/2 still may not send the flag (server side, not only hidden in the screen).
    const user = (await loadUser(db(), 6)) as SessionUser;
    const cur = await details(a.TransferChecklistId);
    await expect(
      db().tx((q) =>
        applySave(t.ctx, q, user, { TransferChecklistId: cur.TransferChecklistId, RowVersion: cur.RowVersion, IsTariffMitigationTransfer: false }),
      ),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("TC-008 the factory user's export has no tariff-mitigation or from-factory column", async () => {
    const res = await post('/api/TransferChecklist/Export', {}, factory);
    expect(res.status).toBe(200);
    const ws = (await readWorkbook(await res.arrayBuffer())).worksheets[0];
    const headers = [...headerIndex(ws).keys()];
    expect(headers).toContain('To Factory Key');
    expect(headers).not.toContain('Tariff Mitigation Transfer');
    expect(headers).not.toContain('From Factory Key');
  });
});

describe('scope and gates (PERM-007, PERM-022/023, ADR 014)', () => {
  it('PERM-007 a checklist of another factory answers a factory user exactly like a missing one', async () => {
    const other = await create(protoOther, FROM, OTHER);
    const hidden = await get(`/api/TransferChecklist/Get?transferChecklistId=${other.TransferChecklistId}`, factory);
    const missing = await get('/api/TransferChecklist/Get?transferChecklistId=2147483647', factory);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
    expect((await get(`/api/TransferChecklist/GetPdf?transferChecklistId=${other.TransferChecklistId}`, factory)).status).toBe(404);
    // Find of a transfer to another factory: like a missing colorway.
    expect((await get(`/api/TransferChecklist/Find?${pairQuery(protoOther, FROM, OTHER)}`, factory)).status).toBe(404);
  });

  it('PERM-022 a user of other brands sees no brand-1 checklist; read-only users may not create or save', async () => {
    const a = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const res = await get(`/api/TransferChecklist/Get?transferChecklistId=${a.TransferChecklistId}`, viewer);
    expect(res.status).toBe(404);
    expect((await (await get('/api/TransferChecklist/GetTransferChecklists', viewer)).json()).TotalRecords).toBe(0);
    expect((await t.request('POST', `/api/TransferChecklist/Create?${pairQuery(protoA, FROM, OTHER)}`, { token: viewer })).status).toBe(403);
    expect((await save({ TransferChecklistId: a.TransferChecklistId, RowVersion: a.RowVersion }, viewer)).status).toBe(403);
    expect((await get('/api/TransferChecklist/GetTransferProductTypes', viewer)).status).toBe(200);
  });

  it('PERM-007 5/2 (designer) creates and saves', async () => {
    const made = await create(protoB, FROM, OTHER, designer);
    const res = await save({ TransferChecklistId: made.TransferChecklistId, RowVersion: made.RowVersion, TransferProductTypeId: 2 }, designer);
    expect(res.status).toBe(200);
  });
});

describe('PDF, Export and Upload (TC-010, DECISIONS TC-011, UQ-010)', () => {
  it("TC-010 GetPdf answers a PDF with the items; a factory user's has no tariff-mitigation line", async () => {
    const a = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const res = await get(`/api/TransferChecklist/GetPdf?transferChecklistId=${a.TransferChecklistId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf, { layout: true });
    expect(text).toContain('Transfer Checklist');
    expect(text).toContain('Lasts transferred');
    expect(text).toContain('Tariff Mitigation');
    const theirs = await pdfText(
      Buffer.from(await (await get(`/api/TransferChecklist/GetPdf?transferChecklistId=${a.TransferChecklistId}`, factory)).arrayBuffer()),
      { layout: true },
    );
    expect(theirs).toContain('Lasts transferred');
    expect(theirs).not.toContain('Tariff Mitigation');
  });

  it('TC-010 DECISIONS TC-011 Export writes stock number, to-factory key and an x per complete item; the changed file uploads through the pipeline', async () => {
    const a = await (await get(`/api/TransferChecklist/Find?${pairQuery(protoA)}`)).json();
    const res = await post('/api/TransferChecklist/Export', { PrototypeId: protoA });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = await readWorkbook(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    const h = headerIndex(ws);
    const row = [2, 3, 4].map((n) => ws.getRow(n)).find((r) => r.getCell(h.get('To Factory Key')!).value === TO)!;
    expect(row.getCell(h.get('Stock Number')!).value).toBe(stockA);
    expect(row.getCell(h.get('Lasts transferred')!).value).toBe('x');
    expect(row.getCell(h.get('Fit test passed')!).value ?? '').toBe('');
    // Complete "Fit test passed" (enabled: tariff mitigation) by file.
    row.getCell(h.get('Fit test passed')!).value = 'X';
    const imp = await previewUpload(t, admin, '/api/TransferChecklist/Upload', await bytesOf(wb), 'checklists.xlsx');
    expect(imp.Status, JSON.stringify(imp)).toBe('Previewed');
    expect(imp.Counts).toMatchObject({ Changed: 1, Refused: 0, Unknown: 0 });
    const rows = await importRowsOf(t, admin, imp.ImportId, 'changed');
    expect(rows[0].Cells).toEqual({ Item8: { Old: '', New: 'x' } });
    const job = await commitUpload(t, admin, imp.ImportId);
    expect(job).toBeTruthy();
    const after = await details(a.TransferChecklistId);
    expect(itemOf(after, 8)).toMatchObject({ IsComplete: true, CompletedOn: todayIso() });
  });

  it('TC-010 the upload is all or nothing: a refused row (bad mark, item not enabled, unknown checklist) by row and column, and nothing is written', async () => {
    const res = await post('/api/TransferChecklist/Export', { PrototypeId: protoB });
    const wb = await readWorkbook(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    const h = headerIndex(ws);
    // Row 2: a good change; row 3: 'yes' is no mark; then an unknown stock number.
    ws.getRow(2).getCell(h.get('Tech pack and specifications handed over')!).value = 'x';
    ws.getRow(3).getCell(h.get('Lasts transferred')!).value = 'yes';
    ws.addRow([]).getCell(h.get('Stock Number')!).value = 'NO-SUCH-STOCK';
    ws.getRow(ws.rowCount).getCell(h.get('To Factory Key')!).value = TO;
    const before = await db().query('SELECT count(*)::int AS n FROM transfer_checklist_items WHERE iscomplete');
    const imp = await previewUpload(t, admin, '/api/TransferChecklist/Upload', await bytesOf(wb), 'bad.xlsx');
    expect(imp.Counts.Refused).toBeGreaterThanOrEqual(1);
    expect(imp.Counts.Unknown).toBe(1);
    expect(imp.AllOrNothing).toBe(true);
    const refused = await importRowsOf(t, admin, imp.ImportId, 'refused');
    expect(refused[0]).toMatchObject({ RowNumber: 3 });
    expect(refused[0].Errors[0]).toMatchObject({ Field: 'Item2', Message: 'Enter x for a complete item or leave the cell empty.' });
    const commit = await t.request('POST', `/api/Upload/${imp.ImportId}/Commit`, { token: admin });
    expect(commit.status).toBe(400);
    expect((await commit.json()).Message).toContain('all or nothing');
    expect(await db().query('SELECT count(*)::int AS n FROM transfer_checklist_items WHERE iscomplete')).toEqual(before);
  });

  it('TC-010 CONST-029 a file that is not Excel is refused with the text; only 5/2 may upload', async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['a,b']), 'list.pdf');
    const res = await t.request('POST', '/api/TransferChecklist/Upload', { token: admin, body: fd });
    expect(res.status).toBe(400);
    expect((await res.json()).Message).toBe('Please upload an Excel file (.xls or .xlsx)');
    const fd2 = new FormData();
    fd2.append('file', new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]), 'x.xlsx');
    expect((await t.request('POST', '/api/TransferChecklist/Upload', { token: viewer, body: fd2 })).status).toBe(403);
  });
});
