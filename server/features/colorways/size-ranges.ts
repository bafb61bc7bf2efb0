/**
 * The size ranges of a colorway seasonal (CW-067, CW-069), read as a list and saved as a set the way
 * line-plan child rows are: a row with its SizeRangeId is changed, with IsDelete deleted, without a
 * key added; rows not in the list stay. The save locks the colorway at the user's RowVersion (409
 * when stale, the shared rules refuse a deleted colorway), refuses the read-only statuses 3..7,
 * bumps the colorway's version, writes the rows set-based through the records pipeline (the colorway's
 * `x-children`, ADR 031) and one history line. Nothing is written when a row is refused.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { saveList } from '../../core/records/children';
import { updateRecordIn } from '../../core/records/write';
import { describeRows, problemPath, problemsMessage, sizeRangeProblems, type KnownIds, type Problem, type SizeRangeRow } from '../../domain/size-ranges';
import { READ_ONLY_STATUSES } from '../hierarchy';

export interface SizeRange {
  SizeRangeId: number;
  PrototypeSeasonalId: number;
  RegionId: number;
  WidthId: number;
  SizeRange: string;
  RegionName: string;
  WidthName: string;
}
export interface SizeRangeSave {
  PrototypeSeasonalId: number;
  RowVersion: number;
  SizeRanges: SizeRangeRow[];
}

export const regions = (q: Queryable) =>
  q.query<{ RegionId: number; RegionName: string }>('SELECT regionid AS "RegionId", regionname AS "RegionName" FROM size_regions ORDER BY regionid');
export const widths = (q: Queryable) =>
  q.query<{ WidthId: number; WidthName: string }>('SELECT widthid AS "WidthId", widthname AS "WidthName" FROM size_widths ORDER BY widthid');

/** The region and width ids that exist, and their names (for the history line). */
export async function sizeLookups(q: Queryable) {
  const [r, w] = [await regions(q), await widths(q)];
  const known: KnownIds = { regions: new Set(r.map((x) => x.RegionId)), widths: new Set(w.map((x) => x.WidthId)) };
  const describe = (rows: readonly SizeRangeRow[]) =>
    describeRows(
      rows,
      (id) => r.find((x) => x.RegionId === id)?.RegionName ?? String(id),
      (id) => w.find((x) => x.WidthId === id)?.WidthName ?? String(id),
    );
  return { known, describe };
}

/** The answer of a refused list: every problem under its field path, the CW-069/071 message. */
export function refusal(problems: Problem[], base: string, extra: FieldError[] = []) {
  return badRequest(problemsMessage(problems) || 'Please review all fields indicated in red.', [
    ...extra,
    ...problems.map((p) => ({ Field: problemPath(base, 'SizeRanges', p), Message: p.message })),
  ]);
}

export const trimmed = (r: SizeRangeRow) => ({ RegionId: r.RegionId as number, WidthId: r.WidthId as number, SizeRange: String(r.SizeRange).trim() });

export function readSizeRanges(q: Queryable, prototypeSeasonalId: number) {
  return q.query<SizeRange>(
    `SELECT s.sizerangeid AS "SizeRangeId", s.prototypeseasonalid AS "PrototypeSeasonalId", s.regionid AS "RegionId", s.widthid AS "WidthId",
            s.sizerange AS "SizeRange", r.regionname AS "RegionName", w.widthname AS "WidthName"
       FROM size_ranges s JOIN size_regions r USING (regionid) JOIN size_widths w USING (widthid)
      WHERE s.prototypeseasonalid = $1 ORDER BY s.regionid, s.widthid, s.sizerangeid`,
    [prototypeSeasonalId],
  );
}

/** Lock the colorway at the user's version (field rights, scope, deleted and 409 checks of the records pipeline); refuse read-only statuses. */
async function openColorwaySave(ctx: AppContext, q: Queryable, user: SessionUser, id: number, rowVersion: number) {
  const record = await updateRecordIn(ctx, q, user, 'colorway', 'PrototypeSeasonalId', { id, rowVersion, changes: {} });
  if (READ_ONLY_STATUSES.has(record.StatusId as number)) {
    throw new AppError(409, 'read_only', `This colorway is read-only in status ${record.StatusName}; nothing was saved.`);
  }
}

export function saveSizeRanges(ctx: AppContext, user: SessionUser, req: SizeRangeSave) {
  return ctx.db.tx((q) => saveSizeRangesIn(ctx, q, user, req));
}

/** saveSizeRanges inside the caller's transaction (e.g. UpdatePrototypeData, CW-048). */
export async function saveSizeRangesIn(ctx: AppContext, q: Queryable, user: SessionUser, req: SizeRangeSave) {
  {
    await openColorwaySave(ctx, q, user, req.PrototypeSeasonalId, req.RowVersion);
    const before = await readSizeRanges(q, req.PrototypeSeasonalId);
    const existing = new Map(before.map((r) => [r.SizeRangeId, r]));
    const unknown: FieldError[] = [];
    const named = new Set<number>();
    const rows = req.SizeRanges.map((item, i) => {
      const id = item.SizeRangeId ?? undefined;
      if (id !== undefined) {
        if (!existing.has(id) || named.has(id)) unknown.push({ Field: `/SizeRanges/${i}/SizeRangeId`, Message: 'Not a size range of this colorway.' });
        named.add(id);
      }
      return { ...(id !== undefined ? existing.get(id) : {}), ...item, SizeRangeId: id };
    });
    const kept = before.filter((r) => !named.has(r.SizeRangeId));
    const { known, describe } = await sizeLookups(q);
    const problems = sizeRangeProblems(rows, kept, known);
    if (problems.length || unknown.length) throw refusal(problems, '', unknown);

    // Written by the records pipeline's child writer (the colorway's `x-children` SizeRanges): one DELETE, one UPDATE, one INSERT.
    const spec = ctx.schemas.entities.get('colorway')!['x-children']!.SizeRanges;
    const schema = ctx.schemas.entities.get(spec.entity)!;
    const keep = [
      ...rows.filter((r) => !r.IsDelete).map((r) => ({ ...(r.SizeRangeId ? existing.get(r.SizeRangeId) : {}), ...trimmed(r), SizeRangeId: r.SizeRangeId })),
      ...kept.map((r) => ({ ...r })),
    ];
    const removed = rows.filter((r) => r.IsDelete && r.SizeRangeId).map((r) => existing.get(r.SizeRangeId!)!);
    let after: SizeRange[] = [];
    await saveList(
      q,
      user.userId,
      {
        spec,
        property: 'SizeRanges',
        schema,
        key: 'SizeRangeId',
        table: 'size_ranges',
        stored: before as unknown as Record<string, unknown>[],
        keep,
        removed: removed as unknown as Record<string, unknown>[],
        errors: [],
      },
      {
        parentId: req.PrototypeSeasonalId,
        // The colorway's history line (CW-067) describes the ranges as stored, beside each size range's own entries, in the one insert.
        after: async () => {
          after = await readSizeRanges(q, req.PrototypeSeasonalId);
          const [oldText, newText] = [describe(before), describe(after)];
          return oldText !== newText
            ? [{ entity: 'colorway', entityId: req.PrototypeSeasonalId, field: 'SizeRanges', oldValue: oldText || null, newValue: newText || null }]
            : [];
        },
      },
    );
    const [{ rowversion }] = await q.query<{ rowversion: number }>('SELECT rowversion FROM prototype_seasonals WHERE prototypeseasonalid = $1', [
      req.PrototypeSeasonalId,
    ]);
    return { RowVersion: rowversion, SizeRanges: after };
  }
}
