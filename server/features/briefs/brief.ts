/**
 * The Brief's own rules (BRIEF-014..019), shared by create (server/features/briefs/brief-create.ts),
 * the update hooks registered here (run after the shared hierarchy rules of ./rules.ts) and the
 * brief actions (relink, delete). Every message a user sees is the specification's where it
 * gives one.
 */
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { onUpdate } from '../../core/records/hooks';
import type { HierarchyEntity } from '../hierarchy';
import { RELEASED_STATUSES } from '../../domain/statuses';

/** The brief as a hierarchy entity (BRIEF-022: its deleted message). */
export const BRIEF: HierarchyEntity = { entity: 'brief', module: 'brief', deletedMessage: 'The Brief you are trying to access is deleted.' };

/** BRIEF-004: the form error of the brief screens. */
export const REVIEW_FIELDS = 'Please review all fields indicated in red';
/** BRIEF-004 / BRIEF-003: the line plan must be Released (2) or Completed (3). */
export const SELECT_RELEASED_LINE_PLAN = 'Select a Line Plan that is in Released Status.';
/** CONST-031 / BRIEF-005: the non-blocking duplicate-name note. */
export const DUPLICATE_NAME_NOTE = 'You may continue, but please note this name already exists.';
/** BRIEF-019: why a relink is refused. */
export const RELINK_BLOCKED = 'The brief has linked patterns; it cannot be relinked to another line plan.';
/** BRIEF-015: packaging 5 is "Special". */
export const SPECIAL_PACKAGING = 5;
/** BRIEF-018: the statuses a brief with active children cannot take (Canceled, Archive, Dropped). */
export const CLOSING_STATUSES = new Set([4, 5, 7]);

export const fieldError = (field: string, message: string): FieldError => ({ Field: `/${field}`, Message: message });
export const reviewFields = (errors: FieldError[]) => badRequest(REVIEW_FIELDS, errors);

/** BRIEF-016: the responsible must be an active user assigned to the brand. */
export async function isKnownResponsible(q: Queryable, brandId: number, userId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users u JOIN user_brands ub ON ub.userid = u.userid WHERE u.userid = $1 AND ub.brandid = $2 AND u.isactive', [
    userId,
    brandId,
  ]);
  return rows.length > 0;
}

/** A line plan a brief of the brand and season may hang under: same brand and season, Released or Completed, not deleted. */
export async function isReleasedLinePlanOf(q: Queryable, linePlanId: number, brandId: number, seasonId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM line_plans WHERE lineplanid = $1 AND brandid = $2 AND seasonid = $3 AND statusid = ANY($4) AND NOT isdeleted`, [
    linePlanId,
    brandId,
    seasonId,
    RELEASED_STATUSES,
  ]);
  return rows.length > 0;
}

/** A workflow group of the brand for briefs (LOOKUP-037: level 2). */
export async function isBriefWorkflowGroup(q: Queryable, wfGroupId: number, brandId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM workflow_groups WHERE wfgroupid = $1 AND brandid = $2 AND objectlevel = 2', [wfGroupId, brandId])).length > 0;
}

/** Patterns linked to the brief seasonal (not deleted), whatever their status (BRIEF-019, delete rule). */
export async function linkedPatternCount(q: Queryable, briefSeasonalId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pattern_seasonals WHERE briefseasonalid = $1 AND NOT isdeleted', [
    briefSeasonalId,
  ]);
  return row.n;
}

/** BRIEF-018: patterns of the brief, or colorways under them, that are active (not deleted, not Canceled/Archive/Dropped). */
export async function hasActiveChildren(q: Queryable, briefSeasonalId: number): Promise<boolean> {
  const closing = [...CLOSING_STATUSES];
  const rows = await q.query(
    `SELECT 1 FROM pattern_seasonals p
      WHERE p.briefseasonalid = $1 AND NOT p.isdeleted
        AND (p.statusid <> ALL($2)
             OR EXISTS (SELECT 1 FROM prototype_seasonals c
                         WHERE c.patternseasonalid = p.patternseasonalid AND NOT c.isdeleted AND c.statusid <> ALL($2)))
      LIMIT 1`,
    [briefSeasonalId, closing],
  );
  return rows.length > 0;
}

const has = (changes: Record<string, unknown>, ...fields: string[]) => fields.some((f) => f in changes);

/** BRIEF-014: the end date must not be before the start date. */
export function datesInOrder(start: unknown, end: unknown): boolean {
  return !(typeof start === 'string' && typeof end === 'string' && end < start);
}

/** BRIEF-015: packaging 5 needs the special packaging text. */
export function packagingComplete(packagingId: unknown, specialPackag: unknown): boolean {
  return packagingId !== SPECIAL_PACKAGING || (typeof specialPackag === 'string' && specialPackag.trim() !== '');
}

/** Registers the rule with the records pipeline (server/features.ts, once per process). */
export function registerBriefHooks() {
  onUpdate('brief', async ({ q, prev, changes }) => {
    const next = { ...prev, ...changes };
    const errors: FieldError[] = [];
    if (has(changes, 'StartDate', 'EndDate') && !datesInOrder(next.StartDate, next.EndDate)) {
      errors.push(fieldError('EndDate', 'The end date must not be before the start date.'));
    }
    if (has(changes, 'PackagingId', 'SpecialPackag') && !packagingComplete(next.PackagingId, next.SpecialPackag)) {
      errors.push(fieldError('SpecialPackag', 'Special packaging is required when the packaging is Special.'));
    }
    if (has(changes, 'ResponsibleId') && !(await isKnownResponsible(q, next.BrandId as number, next.ResponsibleId as number))) {
      errors.push(fieldError('ResponsibleId', 'The responsible person must be a known user of the brand.'));
    }
    if (has(changes, 'WFGroupId') && next.WFGroupId != null && !(await isBriefWorkflowGroup(q, next.WFGroupId as number, next.BrandId as number))) {
      errors.push(fieldError('WFGroupId', 'Select a workflow group of the brand for briefs.'));
    }
    if (has(changes, 'LinePlanId') && changes.LinePlanId !== prev.LinePlanId) {
      if (await linkedPatternCount(q, prev.BriefSeasonalId as number)) errors.push(fieldError('LinePlanId', RELINK_BLOCKED));
      else if (!(await isReleasedLinePlanOf(q, next.LinePlanId as number, next.BrandId as number, next.SeasonId as number))) {
        errors.push(fieldError('LinePlanId', SELECT_RELEASED_LINE_PLAN));
      }
    }
    if (
      has(changes, 'StatusId') &&
      changes.StatusId !== prev.StatusId &&
      CLOSING_STATUSES.has(changes.StatusId as number) &&
      (await hasActiveChildren(q, prev.BriefSeasonalId as number))
    ) {
      errors.push(fieldError('StatusId', 'A brief with active patterns or prototypes cannot be set to Canceled, Archive or Dropped.'));
    }
    if (errors.length) throw reviewFields(errors);
    return changes;
  });
}
