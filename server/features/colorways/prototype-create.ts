/**
 * Creating a colorway (CW-002..008): under a pattern seasonal in status 2 or 3 of the brand and
 * season, or as a copy of another colorway seasonal (CopySeasonalId: the brand is the source's and
 * the new colorway starts from the source's design fields). Every problem of the form is reported
 * at once; the message joins 'Please review all fields indicated in red.' and 'Select a Pattern
 * that is in Released Status.' with ' And ' (CW-005). The new seasonal starts in status 1.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, type FieldError } from '../../core/http/errors';
import { requireBrand } from '../../core/http/router';
import { insertRecord } from '../../core/records/create';
import { responsibleErrors } from '../patterns';
import { COLORWAY_WF_LEVEL, MSG, prototypeNameExists, readColorway, releasedPattern } from './prototype-rules';
import { applyPreset, presetIdError } from './size-range-presets';
import { newStockNumberError } from './new-stock-number';

export async function createLists(q: Queryable) {
  return {
    ProductTypes: await q.query(`SELECT producttypeid AS "ProductTypeId", producttypename AS "ProductTypeName", developmenttype AS "DevelopmentType"
                                   FROM product_types ORDER BY producttypeid`),
    Divisions: await q.query('SELECT divisionkey AS "DivisionKey", divisionname AS "DivisionName" FROM divisions ORDER BY divisionkey'),
  };
}

export interface PrototypeCreate {
  Prototype: {
    PatternId?: number | null;
    PrototypeName: string;
    BrandId?: number | null;
    ImageName?: string | null;
    Division?: string | null;
    DivisionKey?: string | null;
    StockNum?: string | null;
  };
  PrototypeSeasonal: {
    CopySeasonalId?: number | null;
    SeasonId: number;
    StatusId?: number;
    ResponsibleId?: number | null;
    ProductTypeId: number;
    WFGroupId: number;
  };
  PatternSeasonalId: number;
  /** The wizard's size range preset: the new colorway starts with its rows (CW-064). */
  SizeRangePresetId?: number | null;
  /** WIZ-014: the wizard's create; only it names a stock number (checked like the wizard's stock-number check). */
  IsProjectCreate?: boolean;
}

/** A copy's sizes are the source's (CW-067), unless the create names a preset. */
const copySizeRanges = (q: Queryable, from: number, to: number) =>
  q.query(
    `INSERT INTO size_ranges (prototypeseasonalid, regionid, widthid, sizerange)
   SELECT $2, regionid, widthid, sizerange FROM size_ranges WHERE prototypeseasonalid = $1`,
    [from, to],
  );

/** What a copy takes from its source: the design and its size ranges, not its identity, stock number, factory, image, costing or volumes. */
export const COPIED_DESIGN = [
  'DivisionKey',
  'DevColorNm',
  'SAPPattNmAbr',
  'ColorKey',
  'ColorDesc',
  'NRFColorKey',
  'NRFColorDesc',
  'ProdLine',
  'PictogrmLbl',
  'UpperDesc',
  'LiningDesc',
  'OutsoleDesc',
  'MatlGridNum',
  'MatlGridText',
  'ToeCompKey',
  'ToeCompDesc',
  'SafetyToe',
  'ToeRateKey',
  'QualCat',
  'Width',
  'SampWght',
  'UsComp',
  'UsCompVal',
  'AgeCode',
  'FWS',
  'HierCodeLev1Key',
  'HierCodeLev1Desc',
  'CuttingPattern',
  'CollectionNum',
  'CollectionDesc',
  'BusinessSeg',
  'BasicMaterial',
  'CustomerKey',
  'CustomerNam',
  'StoryTypeKey',
  'StoryType',
  'ConsumerTerritoryKey',
  'ConsumerTerritory',
  'GenNotes',
];

export const defined = (r: object) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null && v !== ''));
export const pick = (r: Record<string, unknown>, fields: readonly string[]) => defined(Object.fromEntries(fields.map((f) => [f, r[f]])));

/** CW-006: a responsible with no id or an id of 0 or less is no responsible. */
const responsibleOf = (id: unknown) => (typeof id === 'number' && id > 0 ? id : null);

async function exists(q: Queryable, table: string, column: string, value: unknown, extra = '', params: unknown[] = []) {
  const [row] = await q.query(`SELECT 1 FROM ${table} WHERE ${column} = $1 ${extra} LIMIT 1`, [value, ...params]);
  return !!row;
}

/** The database checks of the form, each under its field. */
async function formErrors(q: Queryable, v: Record<string, unknown>, failed: (f: string) => boolean): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const at = (field: string, message: string) => errors.push({ Field: field, Message: message });
  if (v.ResponsibleId === null) at('/PrototypeSeasonal/ResponsibleId', 'Required.');
  else if (!failed('/PrototypeSeasonal/ResponsibleId')) {
    errors.push(...(await responsibleErrors(q, v.BrandId, v.ResponsibleId)).map((e) => ({ ...e, Field: '/PrototypeSeasonal/ResponsibleId' })));
  }
  if (
    !failed('/PrototypeSeasonal/WFGroupId') &&
    !(await exists(q, 'workflow_groups', 'wfgroupid', v.WFGroupId, 'AND brandid = $2 AND objectlevel = $3', [v.BrandId, COLORWAY_WF_LEVEL]))
  ) {
    at('/PrototypeSeasonal/WFGroupId', 'Select a workflow group of the brand for colorways.');
  }
  if (!failed('/PrototypeSeasonal/ProductTypeId') && !(await exists(q, 'product_types', 'producttypeid', v.ProductTypeId)))
    at('/PrototypeSeasonal/ProductTypeId', 'Select a product type.');
  if (!v.DivisionKey) at('/Prototype/DivisionKey', 'Required.');
  else if (!failed('/Prototype/DivisionKey') && !(await exists(q, 'divisions', 'divisionkey', v.DivisionKey)))
    at('/Prototype/DivisionKey', 'Select a division.');
  return errors;
}

export async function createPrototype(ctx: AppContext, user: SessionUser, body: Record<string, unknown>) {
  const errors = ctx.schemas.validate('request', 'prototype-create', body);
  const input = body as unknown as PrototypeCreate;
  const part = input.Prototype ?? ({} as PrototypeCreate['Prototype']);
  const seasonal = input.PrototypeSeasonal ?? ({} as PrototypeCreate['PrototypeSeasonal']);
  const source = seasonal.CopySeasonalId ? await readColorway(ctx, user, seasonal.CopySeasonalId) : null;
  const brandId = source ? source.BrandId : part.BrandId;
  if (!Number.isInteger(brandId)) throw badRequest(MSG.reviewFields, errors.length ? errors : [{ Field: '/Prototype/BrandId', Message: 'Required.' }]);
  requireBrand(user, brandId);

  const values: Record<string, unknown> = {
    ...(source ? pick(source, COPIED_DESIGN) : {}),
    ...defined({
      PrototypeName: part.PrototypeName?.trim(),
      ImageName: part.ImageName,
      DivisionKey: part.DivisionKey,
      StockNum: input.IsProjectCreate ? part.StockNum?.trim() : undefined,
    }),
    BrandId: brandId,
    SeasonId: seasonal.SeasonId,
    StatusId: 1,
    ResponsibleId: responsibleOf(seasonal.ResponsibleId),
    ProductTypeId: seasonal.ProductTypeId,
    WFGroupId: seasonal.WFGroupId,
    CopySeasonalId: source ? seasonal.CopySeasonalId : null,
    IsOriginalSeason: true,
  };
  const failed = (f: string) => errors.some((e) => e.Field === f);
  errors.push(...(await formErrors(ctx.db, values, failed)));
  const presetError = failed('/SizeRangePresetId') ? null : await presetIdError(ctx.db, user, input.SizeRangePresetId);
  if (presetError) errors.push(presetError);
  if (values.StockNum && !failed('/Prototype/StockNum') && !failed('/PrototypeSeasonal/SeasonId')) {
    const stockError = await newStockNumberError(ctx.db, String(values.StockNum), seasonal.SeasonId, seasonal.ProductTypeId);
    if (stockError) errors.push({ Field: '/Prototype/StockNum', Message: stockError });
  }
  const pattern =
    failed('/PatternSeasonalId') || failed('/PrototypeSeasonal/SeasonId')
      ? null
      : await releasedPattern(ctx.db, { PatternSeasonalId: input.PatternSeasonalId, PatternId: part.PatternId, BrandId: brandId, SeasonId: seasonal.SeasonId });
  const formFailed = errors.some((e) => e.Field !== '/PatternSeasonalId');
  const messages = [...(formFailed ? [MSG.reviewFields] : []), ...(pattern ? [] : [MSG.releasedPattern])];
  if (!pattern && !failed('/PatternSeasonalId')) errors.push({ Field: '/PatternSeasonalId', Message: MSG.releasedPattern });
  if (errors.length) throw badRequest(messages.join(' And '), errors);

  const keys = await ctx.db.tx(async (q) => {
    const inserted = await insertRecord(ctx, q, user, 'colorway', { ...values, ...pattern });
    if (input.SizeRangePresetId) await applyPreset(q, input.SizeRangePresetId, inserted.PrototypeSeasonalId as number);
    else if (source) await copySizeRanges(q, seasonal.CopySeasonalId!, inserted.PrototypeSeasonalId as number);
    return inserted;
  });
  const duplicate = await prototypeNameExists(ctx.db, brandId, String(values.PrototypeName), keys.PrototypeId);
  return { PrototypeId: keys.PrototypeId, PrototypeSeasonalId: keys.PrototypeSeasonalId, Warning: duplicate ? MSG.nameDuplicate : null };
}
