/**
 * Mass carryover by Excel upload (CARRY-012, ADR 025) as an import-pipeline handler (ADR 028):
 * schemas/imports/carryover.import.json finds each row's colorway seasonal by stock number and
 * season (the source) within what the user may see, with the pipeline's own row finding; the target
 * season and line plan are the upload's form fields (ToSeasonId, ToLinePlanId); volume columns,
 * when the file has them, replace the copied volumes (Carryover-for-forecasting). A row is refused
 * with CARRY-013's text when its colorway was carried over already or lives in the target season;
 * as in DoPrototypeCarryover, such rows (and unknown ones) are left out and the others carried
 * (DECISIONS CARRY-013: the kind says `"allOrNothing": false`), by the same code. A target the user
 * may not carry into refuses the whole file.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, type FieldError } from '../../core/http/errors';
import { RowRefused, type CommitRow, type ImportHandler, type SkippedRow } from '../../core/imports/handler';
import { importKind } from '../../core/imports/kinds';
import { previewBatch } from '../../core/imports/preview';
import { REGIONAL_VOLUMES } from '../../domain/volume-totals';
import { CARRY_TEXT } from '../../domain/carryover';
import { carryInTx, carryRefusals, checkTarget, type VolumeRow } from './prototype-carryover';

const KIND = 'carryover';
const NO_TARGET = 'Choose the target season and line plan of the carryover before uploading.';

const target = (params: Record<string, unknown>) => ({ toSeasonId: Number(params.ToSeasonId) || 0, linePlanId: Number(params.ToLinePlanId) || 0 });

/** Each colorway seasonal's season and stored volumes (one query). */
async function sources(q: Queryable, keys: number[]) {
  const found = await q.query<Record<string, number | null> & { id: number; seasonid: number }>(
    `SELECT prototypeseasonalid AS id, seasonid, ${REGIONAL_VOLUMES.map((f) => `${f.toLowerCase()} AS "${f}"`).join(', ')}
       FROM prototype_seasonals WHERE prototypeseasonalid = ANY($1::int[])`,
    [keys],
  );
  return new Map(found.map((f) => [f.id, f]));
}

/**
 * Per colorway seasonal, why it may not be carried into the upload's target (none: it may):
 * `target`, the target refused for its source season; `carried`, CARRY-013 (skipped on commit).
 */
async function refusals(q: Queryable, user: SessionUser, params: Record<string, unknown>, keys: number[]) {
  const { toSeasonId, linePlanId } = target(params);
  const whole = user.isFactoryUser ? CARRY_TEXT.factoryUser : !toSeasonId || !linePlanId ? NO_TARGET : null;
  if (whole) return { target: new Map(keys.map((k) => [k, whole])), carried: new Map<number, string>() };
  const src = await sources(q, keys);
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
  const refused = new Map<number, string>();
  for (const k of keys) {
    const problem = seasonProblem.get(src.get(k)?.seasonid ?? 0);
    if (problem) refused.set(k, problem);
  }
  return { target: refused, carried: await carryRefusals(q, keys, toSeasonId) };
}

export const carryoverImport: ImportHandler = {
  keyFields: ['StockNum'],

  async columns(ctx) {
    return importKind(ctx, KIND).columns;
  },

  async preview(ctx, user, batch, seen, params) {
    const rows = await previewBatch(ctx, user, importKind(ctx, KIND), params, batch, seen, new Map(), { everyFoundRow: true });
    const found = rows.filter((r) => r.outcome === 'changed' && r.recordkey !== null);
    const refused = await refusals(
      ctx.db,
      user,
      params,
      found.map((r) => r.recordkey!),
    );
    for (const r of found) {
      const message = refused.target.get(r.recordkey!) ?? refused.carried.get(r.recordkey!);
      if (message) Object.assign(r, { outcome: 'refused', errors: [{ Field: '', Message: message }] satisfies FieldError[] });
    }
    return rows;
  },

  async commit(ctx: AppContext, q: Queryable, user: SessionUser, all: CommitRow[], params: Record<string, unknown>): Promise<SkippedRow[]> {
    // Checked again against the records as they are now: a refused target writes nothing (ADR 028);
    // a colorway carried over since the preview is left out, named (CARRY-013).
    const refused = await refusals(
      q,
      user,
      params,
      all.map((r) => r.recordkey),
    );
    const first = all.find((r) => refused.target.has(r.recordkey));
    if (first) throw new RowRefused(first.rownumber, [{ Field: '', Message: refused.target.get(first.recordkey)! }]);
    const skipped = all
      .filter((r) => refused.carried.has(r.recordkey))
      .map((r) => ({ rownumber: r.rownumber, errors: [{ Field: '', Message: refused.carried.get(r.recordkey)! }] }));
    const rows = all.filter((r) => !refused.carried.has(r.recordkey));
    const { toSeasonId, linePlanId } = target(params);
    const src = await sources(
      q,
      rows.map((r) => r.recordkey),
    );
    const bySeason = new Map<number, CommitRow[]>();
    for (const r of rows) {
      const season = src.get(r.recordkey)!.seasonid;
      bySeason.set(season, [...(bySeason.get(season) ?? []), r]);
    }
    for (const [season, group] of bySeason) {
      // A row with volume cells: the file's volumes over the source's (the preview kept only the cells that differ).
      const volumes: VolumeRow[] = group
        .filter((r) => REGIONAL_VOLUMES.some((f) => f in (r.changes ?? {})))
        .map((r) => {
          const stored = src.get(r.recordkey)!;
          return {
            PrototypeSeasonalId: r.recordkey,
            ...Object.fromEntries(REGIONAL_VOLUMES.map((f) => [f, (f in r.changes ? r.changes[f] : stored[f]) as number | null])),
          };
        });
      await carryInTx(
        ctx,
        q,
        user,
        { Prototypes: group.map((r) => r.recordkey), FromSeasonId: season, ToSeasonId: toSeasonId, ToLinePlanId: linePlanId, Volumes: volumes },
        { mail: false },
      );
    }
    return skipped;
  },
};
