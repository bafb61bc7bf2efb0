/**
 * Transfer checklists (issue 16, TC-001..011): the spec's calls under /api/TransferChecklist
 * (Find, Create, GetTransferProductTypes, Save, GetPdf, Export, Upload, SyncPatternLevelItemsPreview)
 * and, in the same style (DECISIONS "Paths not shown"), Get and GetTransferChecklists for the
 * screen. Gates (PERM-007): module 5 read to see a checklist, 5/2 edit to create, save, preview the
 * sync and upload (the upload is a kind of the import pipeline: server/core/api/uploads.ts NAMED_UPLOADS).
 * A checklist outside the user's brands (or, a factory user's, factories) answers like a missing
 * one; the tariff-mitigation option never reaches or comes from a factory user (TC-008).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { badRequest, forbidden } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { paged } from '../../core/records/paging';
import { sendPdf } from '../../core/reports/pdf';
import { buildTransferChecklistReport, transferChecklistFileName, type TransferChecklistReportData } from './report';
import { TC_TEXT } from '../../domain/transfer-checklist';
import { checklistDetails, listChecklists, productTypes } from './checklists';
import { createChecklist, findChecklist, type FactoryPair } from './checklist-pair';
import { saveChecklist, syncPreview, type SaveBody } from './checklist-save';
import { EXPORT_FILE, exportChecklists, type ExportFilter } from './excel';
import { pageParams, PAGE_QUERY } from '../../core/api/uploads';

const READ = perm('colorway', 'read');
const EDIT = perm('colorway', 'edit');
const PAIR = { query: { prototypeId: 'id', fromFactoryKey: 'text', toFactoryKey: 'text' } } as const;
const TRUE = /^(true|1|yes)$/i;

/** TC-004's query: the colorway (base record) and the factories it moves from and to, all required. */
function requiredPair(c: Context<AppEnv>): FactoryPair {
  const prototypeId = intParam(c, 'prototypeId');
  const [from, to] = ['fromFactoryKey', 'toFactoryKey'].map((n) => queryParam(c, n)?.trim() ?? '');
  const missing = [
    ['fromFactoryKey', from],
    ['toFactoryKey', to],
  ]
    .filter(([, v]) => !v)
    .map(([n]) => n);
  if (missing.length)
    throw badRequest(
      `The parameter ${missing[0]} is required.`,
      missing.map((f) => ({ Field: f, Message: 'Required.' })),
    );
  return { prototypeId, fromFactoryKey: from, toFactoryKey: to };
}

export function transferChecklistRoutes(r: ApiRouter) {
  // TC-003: the product types with their RequiredTemplateItems (and the template items).
  r.get('/api/TransferChecklist/GetTransferProductTypes', READ, async (c) => c.json(await productTypes(c.get('ctx').db)));

  // TC-004: the checklist of the colorway and factory pair, or null when none exists yet.
  r.get('/api/TransferChecklist/Find', READ, PAIR, async (c) => c.json(await findChecklist(c.get('ctx'), c.get('user'), requiredPair(c))));

  // TC-004: creates it (or answers the existing one).
  r.post('/api/TransferChecklist/Create', EDIT, PAIR, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const id = await ctx.db.tx((q) => createChecklist(ctx, q, user, requiredPair(c)));
    return c.json(await checklistDetails(ctx, user, id));
  });

  r.get('/api/TransferChecklist/Get', READ, { query: { transferChecklistId: 'id' } }, async (c) =>
    c.json(await checklistDetails(c.get('ctx'), c.get('user'), intParam(c, 'transferChecklistId'))),
  );

  r.get('/api/TransferChecklist/GetTransferChecklists', READ, { query: { searchText: 'text', ...PAGE_QUERY } }, async (c) => {
    const { pageNumber, pageSize } = pageParams(c, 50);
    const { rows, total } = await listChecklists(c.get('ctx'), c.get('user'), (queryParam(c, 'searchText') ?? '').trim().slice(0, 100), pageNumber, pageSize);
    return c.json(paged(rows, pageNumber, pageSize, total));
  });

  // TC-009: 'Transfer Checklist saved successfully!' with the checklist as saved.
  r.post('/api/TransferChecklist/Save', EDIT, { body: 'transfer-checklist-save' }, async (c) => {
    const data = await saveChecklist(c.get('ctx'), c.get('user'), c.get('body') as unknown as SaveBody);
    return c.json({ IsSuccessful: true, Message: TC_TEXT.saved, Data: data });
  });

  // TC-006/007: what turning tariff mitigation on would take over from sibling checklists.
  r.get(
    '/api/TransferChecklist/SyncPatternLevelItemsPreview',
    EDIT,
    { query: { intoThisChecklistId: 'id', isTariffMitigationTransfer: 'bool' } },
    async (c) => {
      const user = c.get('user');
      if (user.isFactoryUser) throw forbidden();
      return c.json(
        await syncPreview(c.get('ctx'), user, intParam(c, 'intoThisChecklistId'), TRUE.test(queryParam(c, 'isTariffMitigationTransfer') ?? 'true')),
      );
    },
  );

  // TC-010: the PDF (the report machinery of server/core/reports/pdf.ts; the screen's layout and items grid; fields hidden from the user are not printed).
  r.get('/api/TransferChecklist/GetPdf', READ, { query: { transferChecklistId: 'id' } }, async (c) => {
    const d = (await checklistDetails(c.get('ctx'), c.get('user'), intParam(c, 'transferChecklistId'))) as unknown as TransferChecklistReportData;
    return sendPdf(c, transferChecklistFileName(d), () => buildTransferChecklistReport(d, c.get('ctx').schemas));
  });

  // TC-010: Export, laid out as the upload reads it.
  r.post('/api/TransferChecklist/Export', READ, { body: 'transfer-checklist-export' }, async (c) => {
    const file = await exportChecklists(c.get('ctx'), c.get('user'), c.get('body') as ExportFilter);
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${EXPORT_FILE}"`,
    });
  });
}
