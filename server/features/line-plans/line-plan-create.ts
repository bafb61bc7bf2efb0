/**
 * Creating and deleting line plans. Create (LP-018): the brand must be the user's, the season of
 * that brand, the responsible person an active user of the brand (LP-017), the workflow group one of
 * the brand's line-plan groups (LOOKUP-037, level 1), the sub-seasons of that season; the new line
 * plan starts in status 1 (LP-009) and its sub-season calendars start from the corporate template.
 * A duplicate name only warns (LP-016). Delete (LP-013): only a Created line plan without briefs,
 * soft (isdeleted), else the DECISIONS LP-028 message.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { AppError, badRequest, type FieldError } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { applyAction } from '../../core/records/actions';
import { recordNotFound } from '../../core/records/access';
import { insertRecord } from '../../core/records/create';
import { HIERARCHY } from '../hierarchy';
import { recordDeleted } from '../hierarchy';
import { CREATED, LINE_PLAN } from './line-plan';

/** LP-015: the create form's headline when a field is refused. */
export const REVIEW_FIELDS = 'Please review all fields indicated in red';
/** LP-016 */
export const DUPLICATE_NAME_WARNING = 'You may continue, but please note this name already exists.';
/** DECISIONS LP-028 */
export const NOT_DELETED = 'Line plan was not deleted. Only a Created line plan without briefs can be deleted.';

export interface LinePlanCreate {
  LinePlanName: string;
  BrandId: number;
  SeasonId: number;
  ResponsibleId: number;
  WFGroupId?: number | null;
  SubSeasonIds?: number[];
}

async function createErrors(q: Queryable, req: LinePlanCreate): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const [season] = await q.query('SELECT 1 FROM seasons WHERE seasonid = $1 AND brandid = $2', [req.SeasonId, req.BrandId]);
  if (!season) errors.push({ Field: '/SeasonId', Message: 'Not a season of this brand.' });
  const [responsible] = await q.query(
    'SELECT 1 FROM users u JOIN user_brands ub ON ub.userid = u.userid WHERE u.userid = $1 AND ub.brandid = $2 AND u.isactive AND u.userid <> 1',
    [req.ResponsibleId, req.BrandId],
  );
  if (!responsible) errors.push({ Field: '/ResponsibleId', Message: 'The responsible person must be a known active user of this brand.' });
  if (req.WFGroupId != null) {
    const [group] = await q.query('SELECT 1 FROM workflow_groups WHERE wfgroupid = $1 AND brandid = $2 AND objectlevel = 1', [req.WFGroupId, req.BrandId]);
    if (!group) errors.push({ Field: '/WFGroupId', Message: 'Not a line plan workflow group of this brand.' });
  }
  const subs = req.SubSeasonIds ?? [];
  const known = await q.query<{ subseasonid: number }>('SELECT subseasonid FROM subseasons WHERE seasonid = $1 AND subseasonid = ANY($2)', [
    req.SeasonId,
    subs,
  ]);
  subs.forEach((id, i) => {
    if (!known.some((k) => k.subseasonid === id)) errors.push({ Field: `/SubSeasonIds/${i}`, Message: 'Not a sub-season of this season.' });
  });
  if (!req.LinePlanName.trim()) errors.push({ Field: '/LinePlanName', Message: 'Required.' });
  return errors;
}

/** LP-016: does a line plan of this brand (not deleted) already have this name? */
export async function nameExists(q: Queryable, brandId: number, name: string, exceptId?: number) {
  const [row] = await q.query('SELECT 1 FROM line_plans WHERE brandid = $1 AND lower(lineplanname) = lower($2) AND NOT isdeleted AND lineplanid <> $3', [
    brandId,
    name.trim(),
    exceptId ?? 0,
  ]);
  return !!row;
}

/** Copies the corporate template's rows into each sub-season calendar (sorts renumbered 10, 20, ...). */
async function seedCalendars(q: Queryable, linePlanId: number, subSeasonIds: number[]) {
  // One statement for every sub-season: the template's rows crossed with the sub-seasons, numbered within each.
  await q.query(
    `INSERT INTO calendar_items (lineplanid, subseasonid, name, stage, groupid, sort)
     SELECT $1, sub, name, stage, groupid, 10 * row_number() OVER (PARTITION BY sub ORDER BY sort, corporatetemplateitemid)
       FROM corporate_template_items CROSS JOIN unnest($2::int[]) AS sub WHERE NOT isdeleted`,
    [linePlanId, subSeasonIds],
  );
}

export function createLinePlan(ctx: AppContext, user: SessionUser, req: LinePlanCreate) {
  requireBrand(user, req.BrandId);
  return ctx.db.tx(async (q) => {
    const errors = await createErrors(q, req);
    if (errors.length) throw badRequest(REVIEW_FIELDS, errors);
    const subSeasonIds = [...new Set(req.SubSeasonIds ?? [])];
    const keys = await insertRecord(ctx, q, user, LINE_PLAN.entity, {
      LinePlanName: req.LinePlanName.trim(),
      BrandId: req.BrandId,
      SeasonId: req.SeasonId,
      ResponsibleId: req.ResponsibleId,
      WFGroupId: req.WFGroupId ?? null,
      StatusId: CREATED,
      IsLocked: false,
      SubSeasonIds: subSeasonIds,
    });
    await seedCalendars(q, keys.LinePlanId, subSeasonIds);
    return keys.LinePlanId;
  });
}

export function deleteLinePlan(ctx: AppContext, user: SessionUser, linePlanId: number) {
  return ctx.db.tx(async (q) => {
    const [lp] = await q.query<{ brandid: number; statusid: number; isdeleted: boolean }>(
      'SELECT brandid, statusid, isdeleted FROM line_plans WHERE lineplanid = $1 FOR UPDATE',
      [linePlanId],
    );
    if (!lp || !user.brandIds.has(lp.brandid)) throw recordNotFound();
    if (lp.isdeleted) throw recordDeleted(HIERARCHY[0]);
    const [brief] = await q.query('SELECT 1 FROM brief_seasonals WHERE lineplanid = $1 AND NOT isdeleted LIMIT 1', [linePlanId]);
    if (lp.statusid !== CREATED || brief) throw new AppError(409, 'not_deleted', NOT_DELETED);
    await applyAction(ctx, q, user, LINE_PLAN.entity, linePlanId, { IsDeleted: true });
  });
}
