/**
 * Colorways (CW-*): the entity's own calls. Reads, updates (with the rules of
 * server/features/colorways/colorway.ts) and history: server/features/hierarchy/routes.ts.
 */
import { queryParam, intParam } from '../../core/http/request';
import { can, canEcn, type SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { custom, perm, type ApiRouter } from '../../core/http/router';
import { readRecord } from '../../core/records/read';
import { badRequest } from '../../core/http/errors';
import { saveColorwayData, type ColorwayDataSave } from './colorway-save';
import { HIERARCHY, withDeletedMessage } from '../hierarchy';
import { addColorwaySpecLog, colorwaySpecLog, ecnDescription, ecnReasons, placeOf, type ColorwayPlace } from './colorway-spec-log';
import { isPdmReady, MSG, pdmPrice, serviceFee, stockNumberCollides } from './colorway-rules';

/** Who may see a service fee: a colorway or costing editor who is not a factory user (PERM-029). */
const COSTING_EDITOR = custom(
  'colorway or costing edit, not a factory user',
  (u) => !u.isFactoryUser && (can(u, 'colorway', 'edit') || can(u, 'costing', 'edit')),
);

/** PERM-011: ECN by module 5 action 8 or any permission on module 8. */
const ECN = custom('colorway ECN', canEcn);

/** A required, trimmed text of the body, at most `max` characters. */
function text(body: Record<string, unknown>, field: string, max: number, required = true): string {
  const value = typeof body[field] === 'string' ? (body[field] as string).trim() : '';
  if ((required && !value) || value.length > max) {
    throw badRequest('Please review all fields indicated in red.', [
      { Field: `/${field}`, Message: required && !value ? 'Required.' : `At most ${max} characters.` },
    ]);
  }
  return value;
}

/** The colorway's project, season and stock number, after the read checks (brand, factory, deleted). */
async function colorwayPlace(ctx: AppContext, user: SessionUser, id: number): Promise<ColorwayPlace> {
  return placeOf(await readRecord(ctx, user, 'colorway', 'PrototypeSeasonalId', id));
}

export function colorwayRoutes(r: ApiRouter) {
  // CW-043/064: the service fee % of the brand and factory key, or the warning when there is none.
  r.get('/api/Prototype/GetServiceFee', COSTING_EDITOR, { brandParam: 'BrandId', query: { FactoryKey: 'text', BrandId: 'id' } }, async (c) => {
    const factoryKey = queryParam(c, 'FactoryKey');
    if (!factoryKey) throw badRequest('FactoryKey is required.', [{ Field: 'FactoryKey', Message: 'Required.' }]);
    const fee = await serviceFee(c.get('ctx').db, intParam(c, 'BrandId'), factoryKey);
    return c.json({ ServiceFee: fee, Message: fee === null ? MSG.noServiceFee : null });
  });

  // CW-046/064: would this stock number collide in the colorway's season and factory? (Carry-over products never do.)
  r.get('/api/Prototype/IsStockNumberExists', perm('colorway', 'read'), { query: { PrototypeSeasonalId: 'id', StockNum: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    const id = intParam(c, 'PrototypeSeasonalId');
    await readRecord(ctx, c.get('user'), 'colorway', 'PrototypeSeasonalId', id); // brand, factory and deleted checks
    const exists = await stockNumberCollides(ctx.db, id, (queryParam(c, 'StockNum') ?? '').trim());
    return c.json({ Exists: exists, Message: exists ? MSG.stockNumberExists : null });
  });

  // CW-054: the spec log by project, level 4, season (with the same-season flag) and stock number.
  r.get('/api/Prototype/GetSpecLogData', perm('colorway', 'read'), { query: { PrototypeSeasonalId: 'id', SameSeason: 'bool' } }, async (c) => {
    const place = await colorwayPlace(c.get('ctx'), c.get('user'), intParam(c, 'PrototypeSeasonalId'));
    return c.json(await colorwaySpecLog(c.get('ctx').db, place, queryParam(c, 'SameSeason') !== 'false'));
  });

  r.post('/api/Prototype/SaveSpecLogEntry', perm('colorway', 'edit'), { body: 'colorway-spec-log' }, async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const place = await colorwayPlace(c.get('ctx'), c.get('user'), Number(body.PrototypeSeasonalId));
    const keys = await addColorwaySpecLog(c.get('ctx'), c.get('user'), place, text(body, 'Description', 4000), false);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Data: keys });
  });

  // CW-031 / FLASH-016: the PDM price of a colorway in its season (null when the brand is not PDM-ready or there is no FFC).
  r.get('/api/Prototype/CalculatePdmPrice', COSTING_EDITOR, { query: { PrototypeSeasonalId: 'id' } }, async (c) => {
    const record = await readRecord(c.get('ctx'), c.get('user'), 'colorway', 'PrototypeSeasonalId', intParam(c, 'PrototypeSeasonalId'));
    const db = c.get('ctx').db;
    return c.json({ IsPDMReady: await isPdmReady(db, record.BrandId), Price: await pdmPrice(db, record) });
  });

  // CW-048: colorway fields, spec log entries and size ranges in one transaction.
  r.post('/api/Prototype/UpdatePrototypeData', perm('colorway', 'edit'), { body: 'prototype-update-data' }, async (c) => {
    const warnings: string[] = [];
    const record = await withDeletedMessage(HIERARCHY[3], () => saveColorwayData(c.get('ctx'), c.get('user'), c.get('body') as ColorwayDataSave, warnings));
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Data: record, ...(warnings.length ? { Warnings: warnings } : {}) });
  });

  // CW-053: the ECN reasons list (active reasons, in their order).
  r.get('/api/Prototype/GetEcnReasons', perm('colorway', 'read'), async (c) => c.json(await ecnReasons(c.get('ctx').db)));

  // CW-052/053: an ECN is a spec log entry with IsECN and the reason (from the list or free text) and notes.
  r.post('/api/Prototype/ApplyEcn', ECN, { body: 'colorway-ecn' }, async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const place = await colorwayPlace(c.get('ctx'), c.get('user'), Number(body.PrototypeSeasonalId));
    const description = ecnDescription(text(body, 'Reason', 500), text(body, 'Notes', 3000, false));
    const keys = await addColorwaySpecLog(c.get('ctx'), c.get('user'), place, description, true);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Data: keys });
  });
}
