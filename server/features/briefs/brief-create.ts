/**
 * Creating a brief (BRIEF-003..007): a new base brief and its seasonal record under a Released
 * or Completed line plan of the same brand and season, through the generic create path. A copy
 * (ParentBriefSeasonalId) starts from the parent's content and keeps the parent link; its brand
 * is the parent's.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { forbidden, type FieldError } from '../../core/http/errors';
import { insertRecord } from '../../core/records/create';
import { column } from '../../core/records/columns';
import { recordDeleted } from '../hierarchy';
import {
  BRIEF,
  DUPLICATE_NAME_NOTE,
  fieldError,
  isBriefWorkflowGroup,
  isKnownResponsible,
  isReleasedLinePlanOf,
  reviewFields,
  SELECT_RELEASED_LINE_PLAN,
} from './brief';

export interface BriefCreateRequest {
  LinePlanId?: number | null;
  ParentBriefSeasonalId?: number | null;
  BriefName?: string;
  BrandId?: number | null;
  SeasonId?: number | null;
  ResponsibleId?: number | null;
  WFGroupId?: number | null;
}

/** Fields a copy does not take from its parent: keys, the create payload, status, lock, stamps. */
const NOT_COPIED = new Set([
  'BriefSeasonalId',
  'BriefId',
  'BriefName',
  'BrandId',
  'SeasonId',
  'LinePlanId',
  'ParentBriefSeasonalId',
  'StatusId',
  'ResponsibleId',
  'WFGroupId',
  'IsLocked',
  'IsDeleted',
  'ActCompleteDate',
  'ImageName',
]);

/** True when another brief of the brand already has this name (case-insensitive, trimmed). */
export async function briefNameExists(q: Queryable, brandId: number, name: string, exceptBriefId?: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM briefs b WHERE b.brandid = $1 AND lower(trim(b.briefname)) = lower(trim($2)) AND b.briefid <> $3
        AND EXISTS (SELECT 1 FROM brief_seasonals s WHERE s.briefid = b.briefid AND NOT s.isdeleted) LIMIT 1`,
    [brandId, name, exceptBriefId ?? 0],
  );
  return rows.length > 0;
}

/** The parent of a copy: its content fields, in the user's brands, not deleted. */
async function parentContent(ctx: AppContext, q: Queryable, user: SessionUser, parentId: number): Promise<Record<string, unknown>> {
  const schema = ctx.schemas.entities.get('brief')!;
  const fields = Object.entries(schema.properties)
    .filter(([f, p]) => p['x-table'] && !p['x-computed'] && !NOT_COPIED.has(f))
    .map(([f]) => f);
  const [row] = await q.query(
    `SELECT brandid AS "BrandId", isdeleted AS "IsDeleted", ${fields.map((f) => `${column(schema, f)} AS "${f}"`).join(', ')}
       FROM brief_view WHERE briefseasonalid = $1`,
    [parentId],
  );
  // One the user may not see answers like a missing one (records/access.ts).
  if (!row || !user.brandIds.has(row.BrandId as number)) throw reviewFields([fieldError('ParentBriefSeasonalId', 'The brief to copy was not found.')]);
  if (row.IsDeleted) throw recordDeleted(BRIEF);
  return row;
}

/** BRIEF-004: the required fields, then the line plan, responsible and workflow group rules. */
async function checkPayload(q: Queryable, body: BriefCreateRequest): Promise<FieldError[]> {
  const missing: FieldError[] = [];
  if (!body.BriefName?.trim()) missing.push(fieldError('BriefName', 'Required.'));
  for (const f of ['BrandId', 'SeasonId', 'ResponsibleId'] as const) if (!body[f]) missing.push(fieldError(f, 'Required.'));
  if (!body.LinePlanId) missing.push(fieldError('LinePlanId', SELECT_RELEASED_LINE_PLAN));
  if (missing.length) return missing;
  const brand = body.BrandId!;
  const season = body.SeasonId!;
  const errors: FieldError[] = [];
  if (!(await isReleasedLinePlanOf(q, body.LinePlanId!, brand, season))) errors.push(fieldError('LinePlanId', SELECT_RELEASED_LINE_PLAN));
  if (!(await isKnownResponsible(q, brand, body.ResponsibleId!)))
    errors.push(fieldError('ResponsibleId', 'The responsible person must be a known user of the brand.'));
  if (body.WFGroupId && !(await isBriefWorkflowGroup(q, body.WFGroupId, brand)))
    errors.push(fieldError('WFGroupId', 'Select a workflow group of the brand for briefs.'));
  return errors;
}

export interface BriefCreated {
  briefSeasonalId: number;
  briefId: number;
  operationType: 'Create' | 'Copy';
  NameNote: string | null;
}

export async function createBrief(ctx: AppContext, user: SessionUser, body: BriefCreateRequest): Promise<BriefCreated> {
  return ctx.db.tx(async (q) => {
    const parent = body.ParentBriefSeasonalId ? await parentContent(ctx, q, user, body.ParentBriefSeasonalId) : undefined;
    if (parent && body.BrandId && body.BrandId !== parent.BrandId) {
      throw reviewFields([fieldError('BrandId', 'A copy keeps the brand of the brief it copies.')]);
    }
    const payload = { ...body, BrandId: body.BrandId ?? (parent?.BrandId as number | undefined) };
    if (payload.BrandId && !user.brandIds.has(payload.BrandId)) throw forbidden('You are not assigned to this brand.');
    const errors = await checkPayload(q, payload);
    if (errors.length) throw reviewFields(errors);
    const name = payload.BriefName!.trim();
    const duplicate = await briefNameExists(q, payload.BrandId!, name);
    const { BrandId: _b, IsDeleted: _d, ...copied } = parent ?? {};
    const keys = await insertRecord(ctx, q, user, 'brief', {
      ...Object.fromEntries(Object.entries(copied).filter(([, v]) => v !== null)),
      BriefName: name,
      BrandId: payload.BrandId,
      SeasonId: payload.SeasonId,
      LinePlanId: payload.LinePlanId,
      ResponsibleId: payload.ResponsibleId,
      WFGroupId: payload.WFGroupId ?? null,
      StatusId: 1,
      ParentBriefSeasonalId: parent ? body.ParentBriefSeasonalId : null,
    });
    return {
      briefSeasonalId: keys.BriefSeasonalId,
      briefId: keys.BriefId,
      operationType: parent ? 'Copy' : 'Create',
      NameNote: duplicate ? DUPLICATE_NAME_NOTE : null,
    };
  });
}
