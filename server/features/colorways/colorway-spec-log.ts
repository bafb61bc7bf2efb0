/**
 * The colorway spec log (CW-052..054): entries of project level 4, written through the records
 * pipeline (validated, stamped, audited); an ECN (PERM-011) is an entry with IsECN and the spec's
 * description text.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { insertRecord } from '../../core/records/create';

/** CONST-003: the colorway's project level. */
export const COLORWAY_LEVEL = 4;

/** CW-052: 'ECN Process applied for reason: {reason}.' plus '  Additional user comments: {notes}' (two leading spaces). */
export function ecnDescription(reason: string, notes?: string | null): string {
  const comments = notes?.trim();
  return `ECN Process applied for reason: ${reason.trim()}.${comments ? `  Additional user comments: ${comments}` : ''}`;
}

export const ecnReasons = (q: Queryable) =>
  q.query('SELECT ecnreasonid AS "EcnReasonId", reason AS "Reason" FROM ecn_reasons WHERE isactive ORDER BY sortorder, reason');

export interface ColorwayPlace {
  PrototypeId: number;
  SeasonId: number;
  StockNum: string | null;
}

/** Where a colorway record's spec log entries belong (CW-054). */
export const placeOf = (record: Record<string, unknown>): ColorwayPlace => ({
  PrototypeId: record.PrototypeId as number,
  SeasonId: record.SeasonId as number,
  StockNum: (record.StockNum as string | null) ?? null,
});

/** CW-054: entries of the colorway (or of its stock number), of its season only when `sameSeason`, newest first. */
export function colorwaySpecLog(q: Queryable, c: ColorwayPlace, sameSeason: boolean) {
  return q.query(
    `SELECT e.speclogentryid AS "SpecLogEntryId", e.projectid AS "ProjectId", e.seasonid AS "SeasonId", s.seasonname AS "SeasonName",
            e.description AS "Description", e.stocknum AS "StockNum", e.isecn AS "IsECN", e.createdon AS "CreatedOn", e.createdby AS "CreatedBy",
            coalesce(nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), ''), 'System User') AS "CreatedByName"
       FROM spec_log_entries e
       JOIN seasons s ON s.seasonid = e.seasonid
       LEFT JOIN users u ON u.userid = e.createdby AND e.createdby <> 1
      WHERE e.projectlevelid = $1 AND (e.projectid = $2 OR (e.stocknum IS NOT NULL AND e.stocknum = $3))
        AND ($4::boolean IS FALSE OR e.seasonid = $5)
      ORDER BY e.createdon DESC, e.speclogentryid DESC`,
    [COLORWAY_LEVEL, c.PrototypeId, c.StockNum, sameSeason, c.SeasonId],
  );
}

/** A new spec log entry of the colorway's season (an ECN when `isEcn`). */
export function addColorwaySpecLog(ctx: AppContext, user: SessionUser, c: ColorwayPlace, description: string, isEcn: boolean) {
  return ctx.db.tx((q) => addColorwaySpecLogIn(ctx, q, user, c, description, isEcn));
}

/** addColorwaySpecLog inside the caller's transaction. */
export function addColorwaySpecLogIn(ctx: AppContext, q: Queryable, user: SessionUser, c: ColorwayPlace, description: string, isEcn: boolean) {
  return insertRecord(ctx, q, user, 'spec-log-entry', {
    ProjectId: c.PrototypeId,
    ProjectLevelId: COLORWAY_LEVEL,
    SeasonId: c.SeasonId,
    StockNum: c.StockNum,
    Description: description,
    IsECN: isEcn,
    CreatedBy: user.userId,
  });
}
