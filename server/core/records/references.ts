/**
 * The names behind reference fields (ADR 002 `x-ref`, with `x-user` as the shorthand for the users
 * source): a registry of sources, each naming its rows with one set-based statement
 * (`WHERE id = ANY($n)`). `withReferenceNames` gives every visible reference field of the records
 * its `<Field>Name` (unless the view already carries that field) with ONE statement per request,
 * the sources' name queries joined by UNION ALL: never a query per row or per field. Fields the
 * user may not see are not in the record, so their names are not either. `referenceOptions`
 * answers the choices of an editable reference (GET /api/Reference/{source}).
 *
 * Security: rows of a brand-bound source outside the user's brands are neither named nor offered
 * (PERM-022); sources over a hierarchy view also apply the factory scope (PERM-023, read.ts).
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { EntitySchema, PropertySchema, ReferenceSpec } from '../schemas/documents';
import { scope } from './scope';

type Row = Record<string, unknown>;

/** One source of reference rows: keys (integers, or text codes such as a gender) with a name. */
export interface ReferenceSource {
  /** FROM clause (table, view or join). */
  from: string;
  /** SQL of the key and of the name. */
  id: string;
  /** The key's type when it is not an integer. */
  keyType?: 'text';
  label: string;
  /** SQL of the brand a row belongs to (rows of other brands are neither named nor offered). */
  brand?: string;
  /** A hierarchy entity whose brand and factory scope applies (read.ts `scope`). */
  entity?: string;
  /** Options only: the scope parameters the source accepts, each with the SQL it must equal. */
  filters?: Record<string, string>;
  /** Options only: a condition every offered row meets (active, not deleted). */
  offered?: string;
  /** Options only: brand condition on the user's brands ($ = the brand ids parameter), when it differs from `brand`. */
  offeredBrand?: string;
  order?: string;
}

const USER_NAME = `CASE WHEN u.userid = 1 THEN 'System User' ELSE trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) END`;

/** Every source by name (the `source` of `x-ref`). */
export const REFERENCE_SOURCES: Record<string, ReferenceSource> = {
  // A stamp names any user (System User for id 1, CONST-025); the choices are the active users of the brand (responsible pickers).
  users: {
    from: 'users u',
    id: 'u.userid',
    label: USER_NAME,
    offered: 'u.isactive',
    offeredBrand: 'EXISTS (SELECT 1 FROM user_brands ub WHERE ub.userid = u.userid AND ub.brandid = ANY($))',
    filters: { BrandId: 'EXISTS (SELECT 1 FROM user_brands ub WHERE ub.userid = u.userid AND ub.brandid = $)' },
    order: 'lower(u.lastname), lower(u.firstname)',
  },
  brands: { from: 'brands b', id: 'b.brandid', label: 'b.brandname', brand: 'b.brandid', order: 'b.brandname' },
  seasons: {
    from: 'seasons s',
    id: 's.seasonid',
    label: 's.seasonname',
    brand: 's.brandid',
    filters: { BrandId: 's.brandid' },
    order: 's.brandid, s.sortorder',
  },
  subSeasons: {
    from: 'subseasons ss JOIN seasons s ON s.seasonid = ss.seasonid',
    id: 'ss.subseasonid',
    label: 'ss.subseasonname',
    brand: 's.brandid',
    filters: { SeasonId: 'ss.seasonid' },
    order: 'ss.subseasonid',
  },
  // Critical path header statuses (DECISIONS CP-029) and countries of origin: the /criticalPath criteria (CP-004).
  criticalPathHeaderStatuses: {
    from: 'critical_path_header_statuses h',
    id: 'h.criticalpathheaderstatusid',
    label: 'h.statusname',
    order: 'h.criticalpathheaderstatusid',
  },
  // Process approvals (DECISIONS CP-037), transfer product types (TC-003), calendar groups (TPL-003) and a brand's sales regions (QF-010): data tables.
  criticalPathProcessApprovals: {
    from: 'critical_path_process_approvals a',
    id: 'a.criticalpathprocessapprovedid',
    label: 'a.approvalname',
    order: 'a.criticalpathprocessapprovedid',
  },
  transferProductTypes: { from: 'transfer_product_types tpt', id: 'tpt.transferproducttypeid', label: 'tpt.producttypename', order: 'tpt.sortorder' },
  calendarGroups: { from: 'calendar_groups cg', id: 'cg.groupid', label: 'cg.groupname', order: 'cg.sortorder, cg.groupid' },
  salesRegions: {
    from: 'sales_regions sr',
    id: 'sr.salesregionid',
    label: 'sr.salesregionname',
    brand: 'sr.brandid',
    filters: { BrandId: 'sr.brandid', SeasonId: 'sr.seasonid' },
    order: 'sr.sortorder, sr.salesregionid',
  },
  countries: { from: 'countries co', id: 'co.countrycode', keyType: 'text', label: 'co.countryname', order: 'co.countryname' },
  // The product lines the user's brands' patterns use (a pattern's product line is free text).
  productLines: {
    from: '(SELECT productline FROM patterns WHERE productline IS NOT NULL GROUP BY productline) pl',
    id: 'pl.productline',
    keyType: 'text',
    label: 'pl.productline',
    offeredBrand: 'EXISTS (SELECT 1 FROM patterns pb WHERE pb.productline = pl.productline AND pb.brandid = ANY($))',
    filters: { BrandId: 'EXISTS (SELECT 1 FROM patterns pf WHERE pf.productline = pl.productline AND pf.brandid = $)' },
    order: 'pl.productline',
  },
  statuses: { from: 'statuses st', id: 'st.statusid', label: 'st.statusname', offered: 'st.isactive', order: 'st.statusid' },
  workflowGroups: {
    from: 'workflow_groups w',
    id: 'w.wfgroupid',
    label: 'w.wfgroupname',
    brand: 'w.brandid',
    filters: { BrandId: 'w.brandid', ObjectLevel: 'w.objectlevel' },
    order: 'w.wfgroupname',
  },
  productTypes: { from: 'product_types p', id: 'p.producttypeid', label: 'p.producttypename', order: 'p.producttypename' },
  divisions: { from: 'divisions dv', id: 'dv.divisionkey', keyType: 'text', label: 'dv.divisionname', order: 'dv.divisionname' },
  genders: { from: 'genders g', id: 'g.genderkey', keyType: 'text', label: 'g.gendername', order: 'g.gendername' },
  roles: { from: 'roles r', id: 'r.roleid', label: 'r.rolename', offered: 'r.isactive', order: 'r.rolename' },
  launchDates: {
    from: 'line_plan_launch_dates d JOIN line_plans lp ON lp.lineplanid = d.lineplanid',
    id: 'd.lineplanlaunchdateid',
    label: `coalesce(d.launchdesc, 'Launch ' || d.launchnumber)`,
    brand: 'lp.brandid',
    filters: { LinePlanId: 'd.lineplanid' },
    order: 'd.launchnumber',
  },
  linePlans: {
    from: 'line_plan_view',
    entity: 'line-plan',
    id: 'lineplanid',
    label: 'lineplanname',
    offered: 'NOT isdeleted',
    filters: { BrandId: 'brandid', SeasonId: 'seasonid' },
    order: 'lineplanname',
  },
  briefs: {
    from: 'brief_view',
    entity: 'brief',
    id: 'briefseasonalid',
    label: 'briefname',
    offered: 'NOT isdeleted',
    filters: { BrandId: 'brandid', SeasonId: 'seasonid', LinePlanId: 'lineplanid' },
    order: 'briefname',
  },
  patterns: {
    from: 'pattern_view',
    entity: 'pattern',
    id: 'patternseasonalid',
    label: 'patternname',
    offered: 'NOT isdeleted',
    filters: { BrandId: 'brandid', SeasonId: 'seasonid', BriefSeasonalId: 'briefseasonalid' },
    order: 'patternname',
  },
  // A colorway's dev prototype critical path (issue 15): named by its own name, in the colorway's brand and factory scope.
  criticalPathsDevPrototype: {
    from: 'critical_path_dev_prototypes cpd JOIN colorway_view cw ON cw.prototypeseasonalid = cpd.prototypeseasonalid',
    entity: 'colorway',
    id: 'cpd.criticalpathdevprototypeid',
    label: 'cpd.criticalpathdevprototypename',
    filters: { BrandId: 'cw.brandid', SeasonId: 'cw.seasonid' },
    order: 'cpd.criticalpathdevprototypename',
  },
  colorways: {
    from: 'colorway_view',
    entity: 'colorway',
    id: 'prototypeseasonalid',
    label: `prototypename || coalesce(' ' || stocknum, '')`,
    offered: 'NOT isdeleted',
    filters: { BrandId: 'brandid', SeasonId: 'seasonid', PatternSeasonalId: 'patternseasonalid' },
    order: 'prototypename',
  },
};

// Paths are matched ignoring case (server/core/http/router.ts), so the route finds a source that way too.
const BY_LOWER_NAME = new Map(Object.entries(REFERENCE_SOURCES).map(([k, v]) => [k.toLowerCase(), v]));

/** Every scope parameter any source accepts (declared on the options route). */
export const REFERENCE_FILTERS = [...new Set(Object.values(REFERENCE_SOURCES).flatMap((s) => Object.keys(s.filters ?? {})))];

/** The reference a property declares: its `x-ref`, or the users source for `x-user`. */
export function referenceOf(p: PropertySchema | undefined): ReferenceSpec | undefined {
  if (!p) return undefined;
  if (p['x-ref']) return p['x-ref'];
  return p['x-user'] ? { source: 'users' } : undefined;
}

/** The field holding a reference's name: `name`, else the field without a trailing Id or Key, plus `Name` (BrandId → BrandName, GenderKey → GenderName, CreatedBy → CreatedByName). */
export const nameFieldOf = (field: string, ref: ReferenceSpec) => ref.name ?? `${field.replace(/(Id|Key)$/, '')}Name`;

/** Conditions limiting a source to what the user may see, with their parameters numbered from `start`. */
function sourceScope(ctx: AppContext, user: SessionUser, src: ReferenceSource, start: number, offering: boolean) {
  if (src.entity) return scope(ctx.schemas.entities.get(src.entity)!, user, start);
  const brand = offering && src.offeredBrand ? src.offeredBrand : src.brand && `${src.brand} = ANY($)`;
  return brand ? { where: [brand.replace('$', () => `$${start + 1}`)], params: [[...user.brandIds]] } : { where: [], params: [] };
}

type Key = number | string;
const isKey = (v: unknown): v is Key => typeof v === 'number' || (typeof v === 'string' && v !== '');

/** The names of `ids` per source, in one statement: Map<source, Map<id as text, name>>. */
export async function referenceNames(ctx: AppContext, q: Queryable, user: SessionUser, wanted: Map<string, Set<Key>>) {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [name, ids] of wanted) {
    const src = REFERENCE_SOURCES[name];
    if (!src || !ids.size) continue;
    params.push(src.keyType === 'text' ? [...ids].map(String) : [...ids].map(Number).filter(Number.isInteger));
    const n = params.length;
    const s = sourceScope(ctx, user, src, n, false);
    params.push(...s.params);
    parts.push(
      `SELECT '${name}' AS source, ${src.id}::text AS id, ${src.label} AS name FROM ${src.from} WHERE ${[`${src.id} = ANY($${n}::${src.keyType ?? 'int'}[])`, ...s.where].join(' AND ')}`,
    );
  }
  const out = new Map<string, Map<string, string>>();
  if (!parts.length) return out;
  const rows = await q.query<{ source: string; id: string; name: string }>(parts.join(' UNION ALL '), params, { prepare: true });
  for (const r of rows) {
    if (!out.has(r.source)) out.set(r.source, new Map());
    out.get(r.source)!.set(r.id, r.name);
  }
  return out;
}

/** A reference to hierarchy records, whose factory scope the view's name column does not apply. */
const factoryScoped = (ref: ReferenceSpec) => !!REFERENCE_SOURCES[ref.source]?.entity;

/**
 * `fields` plus the name fields the view itself gives for the reference fields among them (a
 * colorway's SeasonName), so a page limited to some columns (a grid) still carries the names of
 * its references; `withReferenceNames` adds the others.
 */
export function withNameFields(schema: EntitySchema, fields: readonly string[]): string[] {
  const names = fields.flatMap((f) => {
    const ref = referenceOf(schema.properties[f]);
    return ref && schema.properties[nameFieldOf(f, ref)] && !factoryScoped(ref) ? [nameFieldOf(f, ref)] : [];
  });
  return [...new Set([...fields, ...names])];
}

/**
 * `rows` with `<Field>Name` beside each reference field they carry whose name the view does not
 * already give, and beside every reference to hierarchy records (named here within the user's
 * brands and factories, over whatever the view says); an id the user may not see (another brand's
 * line plan, another factory's colorway) gets null.
 */
export async function withReferenceNames<T extends Row>(ctx: AppContext, q: Queryable, user: SessionUser, schema: EntitySchema, rows: T[]): Promise<T[]> {
  const fields = Object.keys(schema.properties).flatMap((f) => {
    const ref = referenceOf(schema.properties[f]);
    if (!ref || schema.properties[f].type === 'array') return [];
    const nameField = nameFieldOf(f, ref);
    // A reference to hierarchy records is always named here: the view's name column ignores factory scope.
    const named = schema.properties[nameField] && !factoryScoped(ref);
    return named ? [] : [{ f, ref, nameField }];
  });
  const wanted = new Map<string, Set<Key>>();
  for (const r of rows) {
    for (const { f, ref } of fields) {
      if (!isKey(r[f])) continue;
      if (!wanted.has(ref.source)) wanted.set(ref.source, new Set());
      wanted.get(ref.source)!.add(r[f] as Key);
    }
  }
  if (!wanted.size) return rows;
  const names = await referenceNames(ctx, q, user, wanted);
  for (const r of rows) {
    for (const { f, ref, nameField } of fields) if (isKey(r[f])) (r as Row)[nameField] = names.get(ref.source)?.get(String(r[f])) ?? null;
  }
  return rows;
}

export interface ReferenceOption {
  value: number | string;
  label: string;
}

/**
 * The choices of a source within the given scope (`filters` by parameter name; `Ids` limits to those
 * keys, e.g. to name a fixed field). Null for an unknown source.
 */
export async function referenceOptions(
  ctx: AppContext,
  user: SessionUser,
  source: string,
  filters: Record<string, number>,
  ids?: number[],
): Promise<ReferenceOption[] | null> {
  const src = BY_LOWER_NAME.get(source.toLowerCase());
  if (!src) return null;
  const s = sourceScope(ctx, user, src, 0, true);
  const where = [...s.where];
  const params = [...s.params];
  for (const [param, sql] of Object.entries(src.filters ?? {})) {
    if (filters[param] === undefined) continue;
    params.push(filters[param]);
    where.push(sql.includes('$') ? sql.replace('$', () => `$${params.length}`) : `${sql} = $${params.length}`);
  }
  if (ids) {
    params.push(ids);
    where.push(`${src.id} = ANY($${params.length})`);
  }
  // Named ids are answered whatever their state (a stamp by an inactive user); choices are the offered rows only.
  else if (src.offered) where.push(src.offered);
  return ctx.db.query<ReferenceOption>(
    `SELECT ${src.id} AS value, ${src.label} AS label FROM ${src.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${src.order ?? '2'} LIMIT 2000`,
    params,
    { prepare: true },
  );
}
