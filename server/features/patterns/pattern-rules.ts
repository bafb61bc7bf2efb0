/**
 * Pattern checks shared by create, copy, update and relink (PAT-008, PAT-010, PAT-013, PAT-019):
 * each answers the field errors it finds (empty when the value is fine), so a caller can report
 * every problem of a form at once.
 */
import { can, type SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import type { FieldError } from '../../core/http/errors';
import { cached } from '../../core/records/request-cache';
import { RELEASED_STATUSES } from '../../domain/statuses';

/** Workflow groups level of patterns (CONST: line plan 1, pattern 3, prototype 4). */
export const PATTERN_WF_LEVEL = 3;

/** PAT-005: the regional volumes a pattern seasonal holds (IntnlVolume and TotalVolume are computed from them). */

export const MSG = {
  reviewFields: 'Please review all fields indicated in red.',
  releasedBrief: 'Select a Brief that is in Released Status.',
  keyGender: (name: string) => `Pattern Key and Gender Key combination already exists on project: ${name}`,
  duplicateName: 'You may continue, but please note this name already exists.',
  deleteRefused: 'Record was not deleted. Please check current status and make sure there are no prototypes linked.',
  relinkSeasons: 'The pattern must exist in one season only to relink.',
  relinkColorways: 'The pattern has linked colorways and cannot be relinked.',
} as const;

const error = (field: string, message: string): FieldError[] => [{ Field: `/${field}`, Message: message }];

/** PAT-008: the brief is of the brand and season, not deleted, released (2 or 3, @domain/statuses). */
export async function releasedBriefErrors(q: Queryable, briefSeasonalId: unknown, brandId: unknown, seasonId: unknown): Promise<FieldError[]> {
  const [brief] = await q.query(
    `SELECT 1 FROM brief_view WHERE briefseasonalid = $1 AND brandid = $2 AND seasonid = $3 AND NOT isdeleted AND statusid = ANY($4)`,
    [briefSeasonalId, brandId, seasonId, RELEASED_STATUSES],
  );
  return brief ? [] : error('BriefSeasonalId', MSG.releasedBrief);
}

/** PAT-010: no other pattern of the brand has the same pattern key and gender key. */
export async function keyGenderErrors(q: Queryable, brandId: unknown, key: unknown, gender: unknown, patternId: unknown = null): Promise<FieldError[]> {
  if (key === null || key === undefined || key === '') return [];
  const [other] = await q.query<{ patternname: string }>(
    `SELECT patternname FROM patterns WHERE brandid = $1 AND lower(patternnamekey) = lower($2) AND genderkey = $3
        AND patternid IS DISTINCT FROM $4::int ORDER BY patternid LIMIT 1`,
    [brandId, key, gender, patternId],
  );
  return other ? error('PatternNameKey', MSG.keyGender(other.patternname)) : [];
}

/** The gender is one of the gender list. */
export async function genderErrors(q: Queryable, gender: unknown): Promise<FieldError[]> {
  const [known] = await q.query('SELECT 1 FROM genders WHERE genderkey = $1', [gender]);
  return known ? [] : error('GenderKey', 'Select a gender.');
}

/** The responsible user is the System User (CONST-025) or an active user of the brand. */
export async function responsibleErrors(q: Queryable, brandId: unknown, responsibleId: unknown): Promise<FieldError[]> {
  if (responsibleId === 1) return [];
  const known = await cached(
    q,
    'responsible',
    [brandId, responsibleId],
    async () =>
      (
        await q.query(`SELECT 1 FROM users u JOIN user_brands ub ON ub.userid = u.userid WHERE u.userid = $1 AND ub.brandid = $2 AND u.isactive`, [
          responsibleId,
          brandId,
        ])
      ).length > 0,
  );
  return known ? [] : error('ResponsibleId', 'Select a responsible user of the brand.');
}

/** The workflow group is one of the brand's pattern-level groups (empty is allowed). */
export async function wfGroupErrors(q: Queryable, brandId: unknown, wfGroupId: unknown): Promise<FieldError[]> {
  if (wfGroupId === null || wfGroupId === undefined) return [];
  const [group] = await q.query('SELECT 1 FROM workflow_groups WHERE wfgroupid = $1 AND brandid = $2 AND objectlevel = $3', [
    wfGroupId,
    brandId,
    PATTERN_WF_LEVEL,
  ]);
  return group ? [] : error('WFGroupId', 'Select a workflow group of the brand for patterns.');
}

/** Colorways (not deleted) under a pattern seasonal. */
export async function linkedColorways(q: Queryable, patternSeasonalId: unknown): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM prototype_seasonals WHERE patternseasonalid = $1 AND NOT isdeleted', [
    patternSeasonalId,
  ]);
  return n;
}

/** PAT-019: relink needs the pattern in one season only and no linked colorways. */
export async function relinkErrors(q: Queryable, pattern: { PatternId: unknown; PatternSeasonalId: unknown }): Promise<FieldError[]> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pattern_seasonals WHERE patternid = $1 AND NOT isdeleted', [pattern.PatternId]);
  if (n > 1) return error('BriefSeasonalId', MSG.relinkSeasons);
  if (await linkedColorways(q, pattern.PatternSeasonalId)) return error('BriefSeasonalId', MSG.relinkColorways);
  return [];
}

/** PAT-024: a pattern seasonal may be deleted in status 1 (Created) with no colorways. */
export async function canDelete(q: Queryable, pattern: { StatusId: unknown; PatternSeasonalId: unknown; IsDeleted?: unknown }) {
  return !pattern.IsDeleted && pattern.StatusId === 1 && (await linkedColorways(q, pattern.PatternSeasonalId)) === 0;
}

/**
 * PAT-013 CanAdopt: the user holds pattern adoption (PERM-006 action 6) and the seasonal is
 * Released (status 2) and not deleted.
 */
export function canAdopt(user: SessionUser, pattern: Record<string, unknown>) {
  return can(user, 'pattern', 'adopt') && pattern.StatusId === 2 && !pattern.IsDeleted;
}
