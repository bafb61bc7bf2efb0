/**
 * Colorway actions beyond the generic update: delete (CW-059), relink to another pattern
 * (CW-055/056), factory transfer (CW-024, CW-057) and dual source (CW-025, CW-058). Each locks
 * the seasonal row, checks the status the action allows and writes through the core's action writer
 * (core/records/actions.ts applyAction: the pipeline's table writer and audit).
 * A dual source is a new colorway (same design and stock number, same pattern and season) at the
 * other factory, since a colorway has one seasonal per season; both carry DualSrcdPatt and each
 * names the other's factory in DSFactoryKy.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, conflict } from '../../core/http/errors';
import { applyAction } from '../../core/records/actions';
import { insertRecord } from '../../core/records/create';
import { prices, PRICE_INPUTS, type PriceInputs } from '../../domain/price-rule';
import { DUAL_SOURCE_STATUSES, RELEASED_STATUSES, TRANSFER_STATUSES } from '../../domain/statuses';
import { FACTORY_FIELDS, factoryFields, HTS_REGIONS, htsForOrigin, serviceFee } from './colorway-rules';
import { COPIED_DESIGN, pick } from './prototype-create';
import { DELETABLE_STATUSES, MSG, readColorway, releasedPattern, requireBrandStaff, requireStatus } from './prototype-rules';
import { READ_ONLY_STATUSES } from '../hierarchy';
import { createChecklist } from '../transfer-checklists';

type Colorway = Record<string, unknown>;

/**
 * The colorway as the user may see it (read first: brand scope, deleted message), then the action
 * runs in one transaction with the seasonal row locked.
 */
async function withLocked<T>(ctx: AppContext, user: SessionUser, id: number, action: (q: Queryable, row: Colorway, seen: Colorway) => Promise<T>) {
  const seen = await readColorway(ctx, user, id);
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<Colorway>(
      `SELECT ps.*, p.dualsrcdpatt, p.buyready, p.prototypename FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
        WHERE ps.prototypeseasonalid = $1 FOR UPDATE OF ps`,
      [id],
    );
    return action(q, row, seen);
  });
}

export async function deletePrototype(ctx: AppContext, user: SessionUser, id: number) {
  await withLocked(ctx, user, id, async (q, row) => {
    if (row.isdeleted || !DELETABLE_STATUSES.includes(row.statusid as number)) throw new AppError(409, 'delete_refused', MSG.deleteRefused);
    await applyAction(ctx, q, user, 'colorway', id, { IsDeleted: true });
  });
}

/** CW-055: why the colorway may not move, or null. */
async function relinkRefusal(q: Queryable, prototypeId: unknown) {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM prototype_seasonals WHERE prototypeid = $1 AND NOT isdeleted', [prototypeId]);
  return n === 1 ? null : MSG.oneSeasonOnly;
}

/** CW-055: the patterns (status 2 or 3, same brand and season) the colorway may move to. */
export async function relinkList(ctx: AppContext, user: SessionUser, id: number) {
  const colorway = await readColorway(ctx, user, id);
  const refused = await relinkRefusal(ctx.db, colorway.PrototypeId);
  const patterns = refused
    ? []
    : await ctx.db.query(
        `SELECT patternid AS "PatternId", patternseasonalid AS "PatternSeasonalId", patternname AS "PatternName", patterndesc AS "PatternDesc",
            statusname AS "StatusName", briefname AS "BriefName"
       FROM pattern_view WHERE brandid = $1 AND seasonid = $2 AND NOT isdeleted AND statusid = ANY($3) AND patternid <> $4
      ORDER BY lower(patternname)`,
        [colorway.BrandId, colorway.SeasonId, RELEASED_STATUSES, colorway.PatternId],
      );
  return { CanRelink: !refused, Message: refused, Patterns: patterns };
}

const relinkFailed = (reason: string, status: 400 | 409 = 409) => new AppError(status, 'relink_failed', `${MSG.relinkFailed} ${reason}`);

export interface Relink {
  PrototypeSeasonalId: number;
  NewPatternId: number;
  OldPatternId: number;
}

export async function relinkPrototype(ctx: AppContext, user: SessionUser, body: Relink) {
  await withLocked(ctx, user, body.PrototypeSeasonalId, async (q, row, seen) => {
    if (READ_ONLY_STATUSES.has(row.statusid as number)) throw relinkFailed(MSG.readOnly);
    if (seen.PatternId !== body.OldPatternId) throw relinkFailed('The colorway is no longer under that pattern; reload it.');
    const refused = await relinkRefusal(q, row.prototypeid);
    if (refused) throw relinkFailed(refused);
    const target = await releasedPattern(q, { PatternId: body.NewPatternId, BrandId: seen.BrandId, SeasonId: row.seasonid });
    if (!target || target.PatternId === body.OldPatternId) throw relinkFailed(MSG.releasedPattern, 400);
    await applyAction(ctx, q, user, 'colorway', body.PrototypeSeasonalId, { PatternId: target.PatternId, PatternSeasonalId: target.PatternSeasonalId });
  });
}

export interface FactoryMove {
  PrototypeSeasonalId: number;
  FactoryKey: string;
  CountryKey?: string | null;
  FactoryName?: string | null;
  FactoryGroupKey?: string | null;
  FactoryGroupName?: string | null;
  IsTariffMitigation?: boolean;
  CopyBuyReady?: boolean;
  UserId?: number;
}

/** The new factory's fields from the factory table (the names the screen sends are display only). */
async function newFactory(q: Queryable, row: Colorway, key: string) {
  const fields = await factoryFields(q, key);
  if (!fields) throw badRequest(MSG.unknownFactory, [{ Field: '/FactoryKey', Message: MSG.unknownFactory }]);
  if (fields.FactNameKy === row.factnameky) throw badRequest(MSG.sameFactory, [{ Field: '/FactoryKey', Message: MSG.sameFactory }]);
  return fields;
}

/**
 * What a new factory changes in the costing (the update rules do the same on a factory change):
 * the brand + factory service fee, the prices that follow from it, and the HTS duties of the new
 * country of origin, by field.
 */
async function costingAtFactory(q: Queryable, row: Colorway, brandId: unknown, to: { FactNameKy: unknown; CtryOfOrig: unknown }) {
  const col = (f: string) => f.toLowerCase();
  const current = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, row[col(f)]]));
  const fee = await serviceFee(q, brandId, to.FactNameKy);
  const priced = prices({ ...current(PRICE_INPUTS), ServFee: fee } as PriceInputs);
  const hts = await htsForOrigin(q, current(HTS_REGIONS.map(([r]) => `${r}HtsStawn`)), String(to.CtryOfOrig ?? ''));
  return { ServFee: fee, ...priced, ...hts } as Record<string, unknown>;
}

/**
 * CW-024/057: the seasonal moves to the new factory; TransferFactoryKy keeps where it came from; buy ready is kept only when copied.
 * Answers the seasonal id and the transfer checklist of the move (created when missing, with the tariff-mitigation flag).
 */
export async function transferFactory(ctx: AppContext, user: SessionUser, body: FactoryMove) {
  requireBrandStaff(user);
  return withLocked(ctx, user, body.PrototypeSeasonalId, async (q, row, seen) => {
    requireStatus(row.statusid, TRANSFER_STATUSES, MSG.transferStatus);
    if (!row.factnameky) throw conflict('The colorway has no factory to transfer from; select its factory first.');
    const to = await newFactory(q, row, body.FactoryKey);
    const id = body.PrototypeSeasonalId;
    await applyAction(ctx, q, user, 'colorway', id, {
      ...Object.fromEntries(FACTORY_FIELDS.map((f) => [f, to[f]])),
      TransferFactoryKy: row.factnameky,
      FactoryTransfer: true,
      ...(await costingAtFactory(q, row, seen.BrandId, to)),
      ...(body.CopyBuyReady ? {} : { BuyReady: false }),
    });
    // TC-004/006: the transfer's checklist (this colorway, old factory -> new) keeps the dialog's tariff-mitigation flag.
    const checklistId = await createChecklist(
      ctx,
      q,
      user,
      { prototypeId: row.prototypeid as number, fromFactoryKey: row.factnameky as string, toFactoryKey: to.FactNameKy as string },
      body.IsTariffMitigation ?? false,
    );
    return { id, checklistId };
  });
}

/** CW-025/058: a new colorway at the other factory, linked both ways; answers the new seasonal id. */
export async function dualSource(ctx: AppContext, user: SessionUser, body: FactoryMove) {
  requireBrandStaff(user);
  return withLocked(ctx, user, body.PrototypeSeasonalId, async (q, row, seen) => {
    requireStatus(row.statusid, DUAL_SOURCE_STATUSES, MSG.dualSourceStatus);
    const to = await newFactory(q, row, body.FactoryKey);
    const [base] = await q.query<Colorway>('SELECT * FROM prototypes WHERE prototypeid = $1', [row.prototypeid]);
    const copy = await insertRecord(ctx, q, user, 'colorway', {
      ...pick(seen, COPIED_DESIGN),
      ...pick({ StockNum: base.stocknum, DivisionKey: base.divisionkey }, ['StockNum', 'DivisionKey']),
      PrototypeName: row.prototypename,
      BrandId: seen.BrandId,
      PatternId: seen.PatternId,
      PatternSeasonalId: row.patternseasonalid,
      SeasonId: row.seasonid,
      StatusId: 1,
      ResponsibleId: row.responsibleid,
      WFGroupId: row.wfgroupid,
      ProductTypeId: row.producttypeid,
      CopySeasonalId: body.PrototypeSeasonalId,
      IsOriginalSeason: true,
      DualSrcdPatt: true,
      ...to,
      DSFactoryKy: row.factnameky ?? null,
    });
    const id = body.PrototypeSeasonalId;
    await applyAction(ctx, q, user, 'colorway', id, { DSFactoryKy: to.FactNameKy, DualSrcdPatt: true });
    return copy.PrototypeSeasonalId;
  });
}
