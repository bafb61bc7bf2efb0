/**
 * Mass carryover by Excel upload (CARRY-012, ADR 025) through the shared import pipeline (ADR 018):
 * schemas/imports/carryover.import.json finds each row's colorway seasonal by stock number and
 * season (the source); the target season and line plan are the upload's form fields; volume columns,
 * when the file has them, replace the copied volumes (Carryover-for-forecasting). A row is refused
 * with CARRY-013's text when its colorway was carried over already or lives in the target season.
 * A batch is carried in the batch's transaction by the same code as DoPrototypeCarryover.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { AppError, type FieldError } from '../http/errors';
import { registerImportAction, type ActionRow } from '../imports/actions';
import { REGIONAL_VOLUMES } from '../domain/volume-totals';
import { CARRY_TEXT } from '../domain/carryover';
import { carryInTx, carryRefusals, checkTarget, type VolumeRow } from './prototype-carryover';

const NO_TARGET = 'Choose the target season and line plan of the carryover before uploading.';

const target = (params: Record<string, unknown>) => ({ toSeasonId: Number(params.ToSeasonId) || 0, linePlanId: Number(params.ToLinePlanId) || 0 });

/** Each row's source colorway seasonal with its season and stored volumes (one query). */
async function sources(q: Queryable, rows: ActionRow[]) {
  const found = await q.query<Record<string, number | null> & { id: number; seasonid: number }>(
    `SELECT prototypeseasonalid AS id, seasonid, ${REGIONAL_VOLUMES.map((f) => `${f.toLowerCase()} AS "${f}"`).join(', ')}
       FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1::int[])`, [rows.map((r) => r.key)]);
  return new Map(found.map((f) => [f.id, f]));
}

async function check(_ctx: AppContext, q: Queryable, user: SessionUser, params: Record<string, unknown>, rows: ActionRow[]) {
  const out = new Map<number, FieldError[]>();
  const { toSeasonId, linePlanId } = target(params);
  const refusal = user.isFactoryUser ? CARRY_TEXT.factoryUser : !toSeasonId || !linePlanId ? NO_TARGET : null;
  if (refusal) {
    rows.forEach((_, i) => out.set(i, [{ Field: '', Message: refusal }]));
    return out;
  }
  const src = await sources(q, rows);
  // The target is checked once per source season of the file (a file may carry several seasons).
  const seasonProblem = new Map<number, string | null>();
  for (const season of new Set([...src.values()].map((s) => s.seasonid))) {
    try {
      await checkTarget(q, user, season, toSeasonId, linePlanId);
      seasonProblem.set(season, null);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      seasonProblem.set(season, err.message);
    }
  }
  const carried = await carryRefusals(q, rows.map((r) => r.key), toSeasonId);
  rows.forEach((r, i) => {
    const problem = seasonProblem.get(src.get(r.key)?.seasonid ?? 0) ?? carried.get(r.key);
    if (problem) out.set(i, [{ Field: '', Message: problem }]);
  });
  return out;
}

async function commit(ctx: AppContext, q: Queryable, user: SessionUser, params: Record<string, unknown>, rows: ActionRow[]) {
  if (!rows.length) return;
  const { toSeasonId, linePlanId } = target(params);
  const src = await sources(q, rows);
  const bySeason = new Map<number, ActionRow[]>();
  for (const r of rows) {
    const season = src.get(r.key)!.seasonid;
    bySeason.set(season, [...(bySeason.get(season) ?? []), r]);
  }
  for (const [season, group] of bySeason) {
    // A row with volume cells: the file's volumes over the source's (the preview kept only the cells that differ).
    const volumes: VolumeRow[] = group.filter((r) => REGIONAL_VOLUMES.some((f) => f in r.changes)).map((r) => {
      const stored = src.get(r.key)!;
      return { PrototypeSeasonalId: r.key, ...Object.fromEntries(REGIONAL_VOLUMES.map((f) => [f, (f in r.changes ? r.changes[f] : stored[f]) as number | null])) };
    });
    await carryInTx(ctx, q, user, { Prototypes: group.map((r) => r.key), FromSeasonId: season, ToSeasonId: toSeasonId, ToLinePlanId: linePlanId, Volumes: volumes }, { mail: false });
  }
}

registerImportAction('carryover', { check, commit });
