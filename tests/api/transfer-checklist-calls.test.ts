/**
 * Transfer checklists (issue 16, ADR 028): the calls published in the OpenAPI document, the demo
 * checklists against the rules of DECISIONS TC-011 / TC-005, and the checklist a tariff-mitigation
 * factory transfer creates (CW-057). The saves and files: transfer-checklist.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { completionDate, isItemEnabled } from '../../server/domain/transfer-checklist';
import { businessToday } from '../../server/domain/business-date';
import { zoneAwayFromUtc } from '../helpers/business-zone';
import { headerIndex, readWorkbook } from '../helpers/uploads';

let t: TestApp;
let admin: string;
// DECISIONS "Dates": the server runs in a business time zone on another calendar day than UTC.
const ZONE = zoneAwayFromUtc();
const todayIso = () => businessToday(ZONE);

beforeAll(async () => {
  t = await createTestApp({ businessTimeZone: ZONE });
  [admin] = await t.tokens('admin');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.db;
const get = (url: string, token = admin) => t.request('GET', url, { token });
const post = (url: string, json: unknown, token = admin) => t.request('POST', url, { token, json });
const details = async (id: number, token = admin) => (await get(`/api/TransferChecklist/Get?transferChecklistId=${id}`, token)).json();

describe('the calls (TC-004, TC-007, TC-009, TC-010)', () => {
  it('TC-004 TC-007 TC-009 TC-010 every call of the spec is published in the OpenAPI document with its parameters', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    const paths = Object.keys(doc.paths).map((p) => p.toLowerCase());
    for (const call of ['Find', 'Create', 'GetTransferProductTypes', 'Save', 'GetPdf', 'Export', 'Upload', 'SyncPatternLevelItemsPreview']) {
      expect(paths, call).toContain(`/api/transferchecklist/${call.toLowerCase()}`);
    }
    const find = Object.entries(doc.paths).find(([p]) => p.toLowerCase() === '/api/transferchecklist/find')![1] as any;
    expect(find.get.parameters.map((x: any) => x.name)).toEqual(['prototypeId', 'fromFactoryKey', 'toFactoryKey']);
  });
});

describe('demo data (fixtures/demo/transfer-checklists.ts)', () => {
  it('TC-005 DECISIONS TC-011 the demo checklists follow the rules: enabled items per product type and flag, the completion date where all are complete', async () => {
    const rows = await db().query(`SELECT c.transferchecklistid AS id, c.transferproducttypeid AS pt, c.istariffmitigationtransfer AS m, c.completiondate AS d,
        json_agg(json_build_object('t', i.transferchecklisttemplateitemid, 'e', i.isenabled, 'c', i.iscomplete)) AS items
       FROM transfer_checklists c JOIN transfer_checklist_items i USING (transferchecklistid) GROUP BY c.transferchecklistid`);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const { ProductTypes } = await (await get('/api/TransferChecklist/GetTransferProductTypes')).json();
    const required = new Map(ProductTypes.map((p: any) => [p.TransferProductTypeId, new Set(p.RequiredTemplateItems)]));
    for (const r of rows) {
      for (const i of r.items) expect(i.e, `checklist ${r.id} item ${i.t}`).toBe(isItemEnabled(i.t, (required.get(r.pt) ?? new Set()) as Set<number>, r.m));
      const expected = completionDate({
        productTypeId: r.pt,
        items: r.items.map((i: any) => ({ isEnabled: i.e, isComplete: i.c })),
        remembered: r.d,
        today: todayIso(),
      });
      expect(r.d, `checklist ${r.id}`).toBe(expected);
    }
    expect(rows.some((r) => r.d !== null) && rows.some((r) => r.d === null)).toBe(true);
  });

  it("TC-001 TC-010 the list's rows carry their Progress (complete of enabled items), a field of the view, and the export writes it", async () => {
    const list = await (await get('/api/TransferChecklist/GetTransferChecklists?pageNumber=1&pageSize=100')).json();
    expect(list.Results.length).toBeGreaterThanOrEqual(4);
    for (const r of list.Results) expect(r.Progress, `checklist ${r.TransferChecklistId}`).toBe(`${r.CompleteCount} / ${r.EnabledCount}`);
    expect(list.Results.some((r: any) => r.CompleteCount < r.EnabledCount)).toBe(true);
    const open = list.Results.find((r: any) => r.CompleteCount < r.EnabledCount);
    const res = await post('/api/TransferChecklist/Export', { TransferChecklistIds: [open.TransferChecklistId] });
    expect(res.status).toBe(200);
    const ws = (await readWorkbook(await res.arrayBuffer())).worksheets[0];
    const h = headerIndex(ws);
    expect(ws.getRow(2).getCell(h.get('Progress')!).value).toBe(open.Progress);
    expect(ws.getRow(2).getCell(h.get('Stock Number')!).value).toBe(open.StockNumber);
  });
});

describe('the factory transfer stores its tariff-mitigation flag (CW-057, TC-004, TC-006)', () => {
  it("CW-057 TC-006 a tariff-mitigation factory transfer creates the move's checklist with the flag, every item enabled", async () => {
    const [cw] = await db().query(
      `SELECT ps.prototypeseasonalid AS id, ps.prototypeid, ps.factnameky FROM prototype_seasonals ps JOIN prototypes p USING (prototypeid)
        WHERE p.brandid = 1 AND ps.statusid IN (2, 3) AND ps.factnameky IS NOT NULL AND ps.factnameky <> '310105' AND NOT ps.isdeleted ORDER BY 1 LIMIT 1`,
    );
    const res = await post('/api/Prototype/FactoryTransferUpdate', {
      PrototypeSeasonalId: cw.id,
      FactoryKey: '310105',
      IsTariffMitigation: true,
      CopyBuyReady: true,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.TransferChecklistId).toEqual(expect.any(Number));
    const c = await details(body.TransferChecklistId);
    expect(c).toMatchObject({ PrototypeId: cw.prototypeid, FromFactoryKey: cw.factnameky, ToFactoryKey: '310105', IsTariffMitigationTransfer: true });
    expect(c.Items.every((i: any) => i.IsEnabled)).toBe(true);
  });
});
