/**
 * TC-004 Find and Create: the transfer checklist of a colorway and factory pair, the pair checked
 * first (the colorway in the user's scope, two known and different factories). Create stores the
 * tariff-mitigation flag through the save rules of ./checklist-save.ts.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, notFound, type FieldError } from '../../core/http/errors';
import { TC_TEXT } from '../../domain/transfer-checklist';
import { checklistDetails } from './checklists';
import { applySave } from './checklist-save';

export interface FactoryPair {
  prototypeId: number;
  fromFactoryKey: string;
  toFactoryKey: string;
}

/**
 * The colorway and the two factories of a Find or Create, checked: the colorway must be one the user
 * may see (its brand), a factory user may only name a transfer to one of their factories (anything
 * else answers like a missing colorway), both factories must exist and differ.
 */
async function checkPair(q: Queryable, user: SessionUser, pair: FactoryPair) {
  const [p] = await q.query<{ brandid: number }>('SELECT brandid FROM prototypes WHERE prototypeid = $1', [pair.prototypeId]);
  if (!p || !user.brandIds.has(p.brandid) || (user.isFactoryUser && !user.factoryKeys.has(pair.toFactoryKey))) throw notFound('The colorway was not found.');
  if (pair.fromFactoryKey === pair.toFactoryKey) throw badRequest(TC_TEXT.sameFactory, [{ Field: 'toFactoryKey', Message: TC_TEXT.sameFactory }]);
  const known = await q.query<{ factorykey: string }>('SELECT factorykey FROM factories WHERE factorykey = ANY($1::text[])', [
    [pair.fromFactoryKey, pair.toFactoryKey],
  ]);
  const errors: FieldError[] = (['fromFactoryKey', 'toFactoryKey'] as const)
    .filter((k) => !known.some((f) => f.factorykey === pair[k]))
    .map((k) => ({ Field: k, Message: 'Unknown factory.' }));
  if (errors.length) throw badRequest('The request is invalid.', errors);
}

/** TC-004 Find: the checklist of the colorway and factory pair, or null when none exists yet. */
export async function findChecklist(ctx: AppContext, user: SessionUser, pair: FactoryPair) {
  await checkPair(ctx.db, user, pair);
  const [row] = await ctx.db.query<{ id: number }>(
    'SELECT transferchecklistid AS id FROM transfer_checklists WHERE prototypeid = $1 AND fromfactorykey = $2 AND tofactorykey = $3',
    [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey],
  );
  return row ? checklistDetails(ctx, user, row.id) : null;
}

/**
 * TC-004 Create (in the caller's transaction): the checklist of the pair with every template item
 * (none enabled until a product type is chosen, DECISIONS TC-011), or the existing one. With
 * `isTariffMitigation` the flag is stored through the save rules (all items enabled, siblings
 * synced, TC-006): the factory transfer dialog's flag (CW-057) lands here.
 */
export async function createChecklist(ctx: AppContext, q: Queryable, user: SessionUser, pair: FactoryPair, isTariffMitigation?: boolean): Promise<number> {
  await checkPair(q, user, pair);
  const [made] = await q.query<{ id: number }>(
    `INSERT INTO transfer_checklists (prototypeid, fromfactorykey, tofactorykey, createdby, changedby) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (prototypeid, fromfactorykey, tofactorykey) DO NOTHING RETURNING transferchecklistid AS id`,
    [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey, user.userId],
  );
  if (made) {
    await q.query(
      `INSERT INTO transfer_checklist_items (transferchecklistid, transferchecklisttemplateitemid)
       SELECT $1, transferchecklisttemplateitemid FROM transfer_checklist_template_items`,
      [made.id],
    );
  }
  const id =
    made?.id ??
    (
      await q.query<{ id: number }>(
        'SELECT transferchecklistid AS id FROM transfer_checklists WHERE prototypeid = $1 AND fromfactorykey = $2 AND tofactorykey = $3',
        [pair.prototypeId, pair.fromFactoryKey, pair.toFactoryKey],
      )
    )[0].id;
  // A new checklist is already not a tariff-mitigation one; an existing one takes the flag given.
  if (isTariffMitigation !== undefined && (!made || isTariffMitigation))
    await applySave(ctx, q, user, { TransferChecklistId: id, IsTariffMitigationTransfer: isTariffMitigation }, { trusted: true });
  return id;
}
