/**
 * Creating a pattern (PAT-008..012): from a released brief of the brand and season, or as a copy
 * of another pattern (/patternCopy: a new pattern whose header and seasonal values start from the
 * parent's; the brand is the parent's). Every problem of the form is reported at once under
 * 'Please review all fields indicated in red.' The new seasonal starts in status 1.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { insertRecord } from '../../core/records/create';
import { readPattern } from './pattern-read';
import { genderErrors, keyGenderErrors, MSG, releasedBriefErrors, responsibleErrors, wfGroupErrors } from './pattern-rules';

export interface PatternCreate {
  PatternName: string;
  BrandId: number;
  SeasonId: number;
  BriefSeasonalId: number;
  GenderKey: string;
  ResponsibleId: number;
  PatternNameKey?: string | null;
  PatternDesc?: string | null;
  WFGroupId?: number | null;
  DevelopmentType?: string | null;
  ParentPatternSeasonalId?: number | null;
}

/** What a copy takes from its parent: the design, not its identity, adoption, PTA, images or volumes. */
const COPIED = [
  'PatternDesc',
  'GenderKey',
  'LastName',
  'OutsoleKey',
  'OutsoleName',
  'ConstructionKey',
  'ConstructionDesc',
  'ActivityTypeKey',
  'ActivityType',
  'ProductLine',
  'ProductHierarchyKey',
  'ProductHierarchyName',
  'UpperMaterial',
  'LiningMaterial',
  'BottomMaterial',
  'IsWaterproof',
  'MembraneId',
  'MembraneDesc',
  'MembraneSupplier',
  'MembranePackage',
  'IsBootie',
  'IsSeamSealed',
  'DevelopmentType',
  'WFGroupId',
  'OrigFOBTarget',
  'TargetPurPrice',
  'USTargetDuty',
  'CATargetDuty',
  'UKTargetDuty',
  'EUTargetDuty',
  'USDutyFree',
  'OutsoleNumber',
  'OutsoleNumberName',
  'MidsoleNumber',
  'MidsoleNumberName',
];

const defined = (r: object) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null && v !== ''));

async function parentValues(ctx: AppContext, user: SessionUser, parentId: number) {
  const parent = await readPattern(ctx, user, parentId);
  const centers = await ctx.db.query<{ id: number }>('SELECT developmentcenterid AS id FROM pattern_development_centers WHERE patternid = $1 ORDER BY 1', [
    parent.PatternId,
  ]);
  return {
    ...defined(Object.fromEntries(COPIED.map((f) => [f, parent[f]]))),
    BrandId: parent.BrandId,
    ParentPatternSeasonalId: parentId,
    DevelopmentCenterIds: centers.map((c) => c.id),
  };
}

/** Whether another pattern of the brand has this name (CONST-031: a note, never a refusal). */
export async function patternNameExists(ctx: AppContext, brandId: number, name: string, exceptPatternId = 0) {
  const [row] = await ctx.db.query('SELECT 1 FROM patterns WHERE brandid = $1 AND lower(patternname) = lower($2) AND patternid <> $3 LIMIT 1', [
    brandId,
    name.trim(),
    exceptPatternId,
  ]);
  return !!row;
}

export async function createPattern(ctx: AppContext, user: SessionUser, body: Record<string, unknown>) {
  const errors = ctx.schemas.validate('request', 'pattern-create', body);
  const input = body as unknown as PatternCreate;
  const parent = input.ParentPatternSeasonalId ? await parentValues(ctx, user, input.ParentPatternSeasonalId) : {};
  const values: Record<string, unknown> = {
    ...parent,
    ...defined(input),
    ...('BrandId' in parent ? { BrandId: parent.BrandId } : {}),
    StatusId: 1,
    AdoptedStatus: false,
    PTAStatus: false,
  };
  if (!Number.isInteger(values.BrandId)) throw badRequest(MSG.reviewFields, errors);
  requireBrand(user, values.BrandId);
  // The database checks run on the values the form check let through (a wrong type is already an error).
  const ok = (...fields: string[]) => fields.every((f) => !errors.some((e) => e.Field === `/${f}`));
  if (!values.GenderKey && ok('GenderKey')) errors.push({ Field: '/GenderKey', Message: 'Required.' });
  if (ok('BriefSeasonalId', 'SeasonId')) errors.push(...(await releasedBriefErrors(ctx.db, values.BriefSeasonalId, values.BrandId, values.SeasonId)));
  if (ok('ResponsibleId')) errors.push(...(await responsibleErrors(ctx.db, values.BrandId, values.ResponsibleId)));
  if (ok('WFGroupId')) errors.push(...(await wfGroupErrors(ctx.db, values.BrandId, values.WFGroupId)));
  if (values.GenderKey && ok('GenderKey')) errors.push(...(await genderErrors(ctx.db, values.GenderKey)));
  if (ok('GenderKey', 'PatternNameKey')) errors.push(...(await keyGenderErrors(ctx.db, values.BrandId, values.PatternNameKey, values.GenderKey)));
  if (errors.length) throw badRequest(MSG.reviewFields, errors);

  const keys = await ctx.db.tx((q) => insertRecord(ctx, q, user, 'pattern', values));
  const duplicate = await patternNameExists(ctx, values.BrandId as number, String(values.PatternName), keys.PatternId);
  return { PatternId: keys.PatternId, PatternSeasonalId: keys.PatternSeasonalId, Warning: duplicate ? MSG.duplicateName : null };
}
