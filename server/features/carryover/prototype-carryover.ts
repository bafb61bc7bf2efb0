/**
 * DoPrototypeCarryover (CARRY-002..015, ADR 025, DECISIONS CARRY-013): the chosen colorway seasonals
 * of a source season get a seasonal in the target season under the chosen line plan, in one
 * transaction. Every colorway is checked first: one missing, deleted, outside the user's brands or
 * not in the source season refuses the request, naming it; those carried over before or already in
 * the target season are skipped and named in CARRY-013's text, and the others are carried (when
 * none is left, the request is refused with that text). A colorway is carried whole or not at all.
 * The writes are set-based: one INSERT … SELECT per table (brief,
 * pattern and colorway seasonals, size ranges, audit rows) whatever the number of colorways.
 * The copy rule (what is copied, what starts over) is ADR 025's. The user gets a mail (job queue).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { recordActions } from '../../core/records/actions';
import { REGIONAL_VOLUMES, volumeTotals } from '../../domain/volume-totals';
import { alreadyCarriedText, CARRY_TEXT } from '../../domain/carryover';
import { CARRY_OVER } from '../colorways';
import { ensurePatternSeasonals, targetLinePlan } from './target-season';

export type VolumeRow = { PrototypeSeasonalId: number } & Partial<Record<(typeof REGIONAL_VOLUMES)[number], number | null>>;

export interface CarryoverRequest {
  Prototypes: number[];
  FromSeasonId: number;
  ToSeasonId: number;
  ToLinePlanId: number;
  /** Carryover-for-forecasting: the volumes of the grid (CARRY-011); without them the source's volumes are copied. */
  Volumes?: VolumeRow[];
}

/** Copied as they are: the factory, costing (estimates and actuals), HTS and plan fields of the source seasonal. */
const COPIED = [
  'responsibleid',
  'wfgroupid',
  'factnameky',
  'factname',
  'ctryoforig',
  'factorygroupkey',
  'factorygroupname',
  'estffc',
  'estffccurr',
  'estffcpct',
  'estpurprice',
  'ffc',
  'ffccurr',
  'ffcpct',
  'actpurprice',
  'servfee',
  'issfoverride',
  'sfoverride',
  'wsprice',
  'retailprice',
  'outsoletechcode',
  'ushtsstawn',
  'usassignduty',
  'ushtscodekey',
  'cahtsstawn',
  'caassignduty',
  'cahtscodekey',
  'ukhtsstawn',
  'ukassignduty',
  'ukhtscodekey',
  'euhtsstawn',
  'euassignduty',
  'euhtscodekey',
  'htsnotes',
  'mitigadjustment',
  'colormin',
  'performancelvl',
];
const VOLUMES = [...REGIONAL_VOLUMES.map((f) => f.toLowerCase()), 'intnlvolume', 'totalvolume'];

interface Source {
  id: number;
  name: string;
  stocknum: string | null;
  brandid: number;
  seasonid: number;
  isdeleted: boolean;
  carried: boolean;
  intarget: boolean;
  patternseasonalid: number;
}

const SOURCES_SQL = `SELECT s.prototypeseasonalid AS id, p.prototypename AS name, p.stocknum, p.brandid, s.seasonid, s.isdeleted, s.patternseasonalid,
          EXISTS (SELECT 1 FROM prototype_seasonals c WHERE c.carriedfromseasonalid = s.prototypeseasonalid AND NOT c.isdeleted) AS carried,
          EXISTS (SELECT 1 FROM prototype_seasonals t WHERE t.prototypeid = s.prototypeid AND t.seasonid = $2) AS intarget
     FROM prototype_seasonals s JOIN prototypes p ON p.prototypeid = s.prototypeid
    WHERE s.prototypeseasonalid = ANY($1::int[]) ORDER BY s.prototypeseasonalid`;

/**
 * The source colorways, locked for the transaction, then read: a concurrent carryover of the same
 * ones waits for the lock, and the read after it (a new statement, so a new snapshot under READ
 * COMMITTED) sees what that carryover wrote, so it refuses them instead of carrying them twice.
 */
async function lockSources(q: Queryable, ids: number[], toSeasonId: number) {
  await q.query('SELECT 1 FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1::int[]) ORDER BY prototypeseasonalid FOR UPDATE', [ids]);
  return q.query<Source>(SOURCES_SQL, [ids, toSeasonId]);
}

/** The request's seasons and line plan, checked against each other and the user's brands. */
export async function checkTarget(q: Queryable, user: SessionUser, fromSeasonId: number, toSeasonId: number, linePlanId: number) {
  if (fromSeasonId === toSeasonId) throw badRequest(CARRY_TEXT.sameSeason, [{ Field: '/ToSeasonId', Message: CARRY_TEXT.sameSeason }]);
  const seasons = await q.query<{ seasonid: number; brandid: number }>('SELECT seasonid, brandid FROM seasons WHERE seasonid = ANY($1::int[])', [
    [fromSeasonId, toSeasonId],
  ]);
  const from = seasons.find((s) => s.seasonid === fromSeasonId);
  const to = seasons.find((s) => s.seasonid === toSeasonId);
  if (!from) throw badRequest('Select a source season.', [{ Field: '/FromSeasonId', Message: 'Unknown season.' }]);
  requireBrand(user, from.brandid);
  if (!to || to.brandid !== from.brandid) throw badRequest('Select a target season of the same brand.', [{ Field: '/ToSeasonId', Message: 'Unknown season.' }]);
  const lp = await targetLinePlan(q, linePlanId);
  if (!lp || lp.brandid !== from.brandid || lp.seasonid !== toSeasonId) {
    throw badRequest('Select a line plan of the target season.', [{ Field: '/ToLinePlanId', Message: 'Not a line plan of the target season.' }]);
  }
  return { brandId: from.brandid, linePlan: lp };
}

/**
 * Every colorway checked before anything is written: the first kind of refusal found answers, naming
 * all of its colorways; answers those to skip (CARRY-013: carried over before or already in the target season).
 */
function refuse(sources: Source[], req: CarryoverRequest, user: SessionUser, brandId: number): Source[] {
  const found = new Map(sources.map((s) => [s.id, s]));
  // A colorway of a brand the user does not hold answers like a missing one.
  const missing = req.Prototypes.filter((id) => {
    const s = found.get(id);
    return !s || !user.brandIds.has(s.brandid) || s.isdeleted;
  });
  if (missing.length) throw notFound(`These colorways were not found: ${missing.join(', ')}. Nothing was carried over.`);
  const elsewhere = sources.filter((s) => s.seasonid !== req.FromSeasonId || s.brandid !== brandId);
  if (elsewhere.length) {
    throw badRequest(`These colorways are not in the source season: ${elsewhere.map((s) => s.name).join(', ')}. Nothing was carried over.`, [
      { Field: '/Prototypes', Message: 'Not in the source season.' },
    ]);
  }
  const carried = sources.filter((s) => s.carried || s.intarget);
  // Nothing left to carry: the request is refused with the text naming them all.
  if (carried.length === sources.length)
    throw new AppError(409, 'already_carried_over', alreadyCarriedText(carried.map((s) => s.name)), [], { PrototypeSeasonalIds: carried.map((s) => s.id) });
  return carried;
}

/** What a carryover did: the new colorway seasonals with their sources, and the colorways skipped (CARRY-013). */
export interface CarryoverResult {
  created: { id: number; src: number }[];
  skipped: { id: number; name: string }[];
}

/** CARRY-013's text naming the skipped colorways (null when none was skipped). */
export const skippedText = (r: CarryoverResult) => (r.skipped.length ? alreadyCarriedText(r.skipped.map((s) => s.name)) : null);

/** The grid's volumes with the server's totals (FLASH-021: intnl and total are always recomputed). */
function volumeRecords(rows: VolumeRow[] | undefined, ids: Set<number>) {
  return (rows ?? [])
    .filter((r) => ids.has(r.PrototypeSeasonalId))
    .map((r) => {
      const out: Record<string, number | null> = { id: r.PrototypeSeasonalId };
      for (const f of REGIONAL_VOLUMES) out[f.toLowerCase()] = r[f] ?? null;
      const totals = volumeTotals(r);
      out.intnlvolume = totals.IntnlVolume;
      out.totalvolume = totals.TotalVolume;
      return out;
    });
}

async function insertSeasonals(q: Queryable, req: CarryoverRequest, userId: number, volumes: Record<string, number | null>[]) {
  const volumeSet = VOLUMES.map((c) => `CASE WHEN v.id IS NULL THEN s.${c} ELSE v.${c} END`);
  return q.query<{ id: number; src: number }>(
    `INSERT INTO prototype_seasonals (prototypeid, patternseasonalid, seasonid, statusid, producttypeid, isoriginalseason, carriedfromseasonalid,
            ${COPIED.join(', ')}, ${VOLUMES.join(', ')}, createdby, changedby)
     SELECT s.prototypeid, tp.patternseasonalid, $2, 1, $4, false, s.prototypeseasonalid,
            ${COPIED.map((c) => `s.${c}`).join(', ')}, ${volumeSet.join(', ')}, $3, $3
       FROM prototype_seasonals s
       JOIN pattern_seasonals sp ON sp.patternseasonalid = s.patternseasonalid
       JOIN pattern_seasonals tp ON tp.patternid = sp.patternid AND tp.seasonid = $2
       LEFT JOIN jsonb_to_recordset($5::jsonb) AS v(id int, ${VOLUMES.map((c) => `${c} int`).join(', ')}) ON v.id = s.prototypeseasonalid
      WHERE s.prototypeseasonalid = ANY($1::int[])
      ORDER BY s.prototypeseasonalid
     RETURNING prototypeseasonalid AS id, carriedfromseasonalid AS src`,
    [req.Prototypes, req.ToSeasonId, userId, CARRY_OVER, JSON.stringify(volumes)],
  );
}

const copySizeRanges = (q: Queryable, created: { id: number; src: number }[]) =>
  q.query(
    `INSERT INTO size_ranges (prototypeseasonalid, regionid, widthid, sizerange)
   SELECT n.id, sr.regionid, sr.widthid, sr.sizerange FROM unnest($1::int[], $2::int[]) AS n(id, src)
     JOIN size_ranges sr ON sr.prototypeseasonalid = n.src`,
    [created.map((c) => c.id), created.map((c) => c.src)],
  );

function mailCarryover(ctx: AppContext, q: Queryable, user: SessionUser, lines: string[], header: string) {
  if (!user.userName.includes('@')) return Promise.resolve(0);
  return ctx.jobs.enqueue(
    q,
    'mail',
    {
      to: user.userName,
      subject: 'Carryover completed',
      text: `Hello ${user.firstName},\n\n${header}\n\n${lines.join('\n')}\n\nOpen them from ${ctx.config.publicUrl}/Search?searchModule=4\n`,
    },
    { createdBy: user.userId },
  );
}

/**
 * The carryover inside the caller's transaction (the request's, or an upload batch's): checks, then
 * one statement per table for the colorways not skipped. `mail`: the user is mailed the list (an
 * upload mails once at its end).
 */
export async function carryInTx(ctx: AppContext, q: Queryable, user: SessionUser, req: CarryoverRequest, opts: { mail: boolean }): Promise<CarryoverResult> {
  if (user.isFactoryUser) throw forbidden(CARRY_TEXT.factoryUser);
  const asked = [...new Set(req.Prototypes)];
  if (!asked.length) throw badRequest(CARRY_TEXT.selectOne, [{ Field: '/Prototypes', Message: CARRY_TEXT.selectOne }]);
  const { brandId, linePlan } = await checkTarget(q, user, req.FromSeasonId, req.ToSeasonId, req.ToLinePlanId);
  const all = await lockSources(q, asked, req.ToSeasonId);
  const skipped = new Set(refuse(all, { ...req, Prototypes: asked }, user, brandId).map((s) => s.id));
  const sources = all.filter((s) => !skipped.has(s.id));
  const ids = sources.map((s) => s.id);
  const request = { ...req, Prototypes: ids };
  const target = { seasonId: req.ToSeasonId, linePlanId: req.ToLinePlanId, userId: user.userId };
  await ensurePatternSeasonals(q, [...new Set(sources.map((s) => s.patternseasonalid))], target);
  const created = await insertSeasonals(q, request, user.userId, volumeRecords(req.Volumes, new Set(ids)));
  if (created.length !== ids.length) throw new AppError(500, 'carryover_incomplete', CARRY_TEXT.processError);
  await copySizeRanges(q, created);
  await recordActions(
    q,
    user.userId,
    'colorway',
    created.map((c) => ({ entityId: c.id, field: 'CarriedFromSeasonalId', oldValue: null, newValue: c.src })),
  );
  const result: CarryoverResult = { created, skipped: all.filter((s) => skipped.has(s.id)).map((s) => ({ id: s.id, name: s.name })) };
  if (opts.mail) {
    const name = new Map(sources.map((s) => [s.id, s]));
    const label = (src: number) => {
      const s = name.get(src)!;
      return `- ${s.name}${s.stocknum ? ` (${s.stocknum})` : ''}`;
    };
    const skippedLine = skippedText(result);
    await mailCarryover(
      ctx,
      q,
      user,
      [...created.map((c) => label(c.src)), ...(skippedLine ? ['', skippedLine] : [])],
      `${created.length} colorway${created.length === 1 ? ' was' : 's were'} carried over into ${linePlan.seasonname}, line plan ${linePlan.lineplanname}:`,
    );
  }
  return result;
}

/** DoPrototypeCarryover: one transaction; answers the new colorway seasonals with their sources and the skipped colorways. */
export function doPrototypeCarryover(ctx: AppContext, user: SessionUser, req: CarryoverRequest) {
  return ctx.db.tx((q) => carryInTx(ctx, q, user, req, { mail: true }));
}

/** Per colorway seasonal, why it may not be carried into the season (CARRY-013), for an upload's rows; one statement. */
export async function carryRefusals(q: Queryable, ids: number[], toSeasonId: number): Promise<Map<number, string>> {
  const sources = await q.query<Source>(SOURCES_SQL, [ids, toSeasonId]);
  return new Map(sources.filter((s) => s.carried || s.intarget).map((s) => [s.id, alreadyCarriedText([s.name])]));
}
