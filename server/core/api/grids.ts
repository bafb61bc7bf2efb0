/**
 * The one grid read/write path (DESIGN "generic where the spec is generic"): any grid document in
 * schemas/grids is searched, exported and saved here, with its entity's permissions, scope and
 * visibility. A grid of an entity needs the entity module's read to search and export and edit to
 * save. The flash-edit screens' named calls (api/flash-edit.ts) are these handlers under their
 * spec names.
 */
import type { Context } from 'hono';
import type { ActionKey, ModuleKey, SessionUser } from '../auth/permissions';
import type { AppEnv } from '../context';
import type { EntitySchema, GridDoc, PermissionRef } from '../schemas/documents';
import { fieldAccess, holds } from '../schemas/visibility';
import type { AppContext } from '../context';
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { badRequest, forbidden, notFound } from '../http/errors';
import { column, hasView, recordKey, viewOf } from '../records/columns';
import { scope } from '../records/scope';
import { searchRecords, searchRecordsJson } from '../records/search';
import type { Condition, ExtraFilters, SearchRequest } from '../records/search-criteria';
import { quickMatchCondition, quickText, type QuickEntity } from '../search/quick-match';
import { failedRowMessage, saveRows, type BulkRow } from '../records/bulk';
import { columnFilterConditions, filterableFields, type ColumnFilters } from '../records/column-filters';
import { exportFileName, exportGrid } from '../records/grid-export';
import { cachedJson } from '../records/read-cache';

/** A grid document the user may read or edit with its record key; 404 or 403 otherwise (the presence on a grid asks it too). */
export async function gridFor(ctx: AppContext, user: SessionUser, gridId: string, action: Extract<ActionKey, 'read' | 'edit'>) {
  const grid = ctx.schemas.grids.get(gridId);
  if (!grid) throw notFound('No such grid.');
  if (grid.owned) throw notFound('This grid shows rows its screen owns; it has no search or save of its own.');
  const schema = ctx.schemas.entities.get(grid.entity)!;
  // Grids over rows of another call (error log, role list, access report, a path's processes) have no search of their own.
  if (!schema['x-tables'] || !(await hasView(ctx, grid.entity)))
    throw notFound("This grid shows the rows of its screen's own call; it has no search of its own.");
  // Read-only grids (the library lists: entries change only through the Library calls and their rules, ADR 008) have no save.
  if (action === 'edit' && grid.columns.every((col) => col.readOnly)) throw notFound('This grid is read-only; it has no save.');
  const module = schema['x-module'] as ModuleKey | undefined;
  const ref = (action === 'read' ? grid.read : grid.edit) ?? (module ? ([module, action] as PermissionRef) : undefined);
  if (!ref || !holds(user, ref)) throw forbidden();
  return { grid, keyField: recordKey(schema) };
}

/** Criteria every search reads itself (records/read.ts searchWhere), whatever the grid declares. */
const COMMON_CRITERIA = ['BrandId', 'SeasonId', 'StatusId', 'StatusIdSecondary'];
/** Criteria every grid of an entity with the field takes besides its declared ones (the colorways or seasons of one pattern). */
const HIERARCHY_CRITERIA = ['PatternId'];
/** The field a common criterion filters (the brand the entity names, else BrandId; StatusIdSecondary is a second status). */
const commonField = (schema: EntitySchema, f: string) => (f === 'BrandId' ? (schema['x-brandField'] ?? 'BrandId') : f === 'StatusIdSecondary' ? 'StatusId' : f);
const INT4_MAX = 2147483647;

/**
 * The grid's declared filters (its criteria bar and `filters`) with the request's values, and its
 * column filters and keys. A criterion or column filter on a field the user may not see is a 400
 * (PERM-029: the answer must not tell anything about a hidden value); an equality value must fit
 * its field's type.
 */
function gridFilters(ctx: AppContext, user: SessionUser, grid: GridDoc, body: Record<string, any>): ExtraFilters {
  const declared = grid.filters ?? {};
  const schema = ctx.schemas.entities.get(grid.entity)!;
  const { hidden } = fieldAccess(ctx.schemas, user, grid.entity);
  const criterionOf = (f: string) => {
    const key = Object.keys(body).find((k) => k.toLowerCase() === f.toLowerCase());
    return key === undefined || body[key] === null || body[key] === '' ? undefined : { key, value: body[key] };
  };
  const criteria = [
    ...new Set([...COMMON_CRITERIA, ...(grid.criteria ?? []), ...(declared.equals ?? []), ...HIERARCHY_CRITERIA.filter((f) => f in schema.properties)]),
  ];
  // Issue 29: a common criterion on a grid whose entity has no such field (the library lists, users) is the client's error,
  // never a column the view lacks; the other criteria of the request schema apply only where the grid declares them.
  for (const f of COMMON_CRITERIA) {
    const given = criterionOf(f);
    if (given && !(commonField(schema, f) in schema.properties))
      throw badRequest(`This grid cannot be filtered by ${f}.`, [{ Field: `/${given.key}`, Message: 'Not a filter of this grid.' }]);
  }
  for (const f of criteria) {
    if (criterionOf(f) && hidden.has(f))
      throw badRequest(`This grid cannot be filtered by ${f}.`, [{ Field: `/${criterionOf(f)!.key}`, Message: 'Not a filter of this grid.' }]);
  }
  const equals: Record<string, unknown> = {};
  for (const f of criteria.filter((c) => !COMMON_CRITERIA.includes(c) && c in schema.properties)) {
    const given = criterionOf(f);
    if (!given) continue;
    const type = JSON.stringify(schema.properties[f].type);
    const numeric = /integer|number/.test(type);
    // A yes/no field takes 1/0 as well as true/false (CP-005).
    const value = /boolean/.test(type) ? [true, 1, '1', 'true'].includes(given.value) : numeric ? Number(given.value) : String(given.value);
    if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) > INT4_MAX)) {
      throw badRequest(`${f} must be a number.`, [{ Field: `/${given.key}`, Message: 'Must be a number.' }]);
    }
    equals[f] = value;
  }
  const columns = grid.columns.map((c) => c.field);
  const text = (declared.text ?? []).filter((f) => !hidden.has(f));
  const conditions = [
    ...(body.columnFilters
      ? columnFilterConditions(ctx, user, grid.entity, body.columnFilters as ColumnFilters, filterableFields(schema, columns), hidden)
      : []),
    ...hierarchyCriteria(ctx, user, grid.entity, body),
  ];
  return {
    text: text.length && body.searchText ? { fields: text, value: String(body.searchText) } : undefined,
    equals,
    activeOnly: declared.inactive && body.IncludeInactive !== true ? declared.inactive : undefined,
    conditions: conditions.length ? conditions : undefined,
    keys: Array.isArray(body.Keys) ? body.Keys : undefined,
  };
}

/** A parent level's key in the colorway view (a division is a colorway's: SEARCH-017 DivisionKey above the colorway level). */
const COLORWAY_PARENT_KEY: Record<string, string> = { 'line-plan': 'LinePlanId', brief: 'BriefSeasonalId', pattern: 'PatternSeasonalId' };

/**
 * The /Search criteria that are not a field of the searched level: a division above the colorway
 * level (records with a colorway of that division the user may see), and the quick search's text
 * (SEARCH-001 quickSearchText).
 */
function hierarchyCriteria(ctx: AppContext, user: SessionUser, entity: string, body: Record<string, any>): Condition[] {
  const schema = ctx.schemas.entities.get(entity)!;
  const out: Condition[] = [];
  const parentKey = COLORWAY_PARENT_KEY[entity];
  if (parentKey && typeof body.DivisionKey === 'string' && body.DivisionKey !== '' && !('DivisionKey' in schema.properties)) {
    const colorway = ctx.schemas.entities.get('colorway')!;
    const division = body.DivisionKey;
    out.push((param) => {
      const s = scope(colorway, user, 0);
      const own = s.where.map((w, i) => w.replace(`$${i + 1}`, () => param(s.params[i])).replace(/^/, 'cw.'));
      return `EXISTS (SELECT 1 FROM colorway_view cw WHERE cw.${column(colorway, parentKey)} = ${viewOf(entity)}.${column(schema, recordKey(schema))}
        AND NOT cw.isdeleted AND cw.${column(colorway, 'DivisionKey')} = ${param(division)}${own.map((w) => ` AND ${w}`).join('')})`;
    });
  }
  if (typeof body.quickSearchText === 'string' && quickText(body.quickSearchText) && QUICK_ENTITIES.includes(entity as QuickEntity)) {
    out.push(quickMatchCondition(ctx, user, entity as QuickEntity, body.quickSearchText));
  }
  return out;
}
const QUICK_ENTITIES: string[] = ['line-plan', 'brief', 'pattern', 'colorway'] satisfies QuickEntity[];

type Ctx = Context<AppEnv>;

/**
 * The grid as the export writes it (SEARCH-012): without the request's `columnsHidden` and in its
 * `columnsOrder` (columns it does not place keep their place after the placed ones). Names of
 * columns the grid does not have are ignored.
 */
export function exportedColumns(grid: GridDoc, body: { columnsHidden?: string[]; columnsOrder?: { column: string; index: number }[] }): GridDoc {
  if (!body.columnsHidden?.length && !body.columnsOrder?.length) return grid;
  const hidden = new Set(body.columnsHidden ?? []);
  const rank = new Map((body.columnsOrder ?? []).map((o) => [o.column, o.index]));
  const kept = grid.columns.map((c, i) => ({ c, i })).filter(({ c }) => !hidden.has(c.field));
  kept.sort((a, b) => (rank.get(a.c.field) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.c.field) ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
  return { ...grid, frozen: 0, columns: kept.map(({ c }) => c) };
}

/** A search request of a grid: the grid (read permission checked), its key, the body as a search and its filters. */
async function gridSearch(c: Ctx, gridId: string) {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const { grid, keyField } = await gridFor(ctx, user, gridId, 'read');
  const body = c.get('body');
  if (body.pageSize === 0) throw badRequest('A page holds at least one row.', [{ Field: '/pageSize', Message: 'Must be 1 or more (0 is for an export).' }]);
  return { ctx, user, grid, keyField, req: body as SearchRequest, filters: gridFilters(ctx, user, grid, body) };
}

/** POST …/Search: a page of the grid's records (pageSize up to 20,000: a whole criteria result), as JSON built by the database. */
export async function searchGrid(c: Ctx, gridId: string) {
  const { ctx, user, grid, keyField, req, filters } = await gridSearch(c, gridId);
  // Through the read cache (ADR 037): the page for this body, kept per audience until any change commits.
  return cachedJson(c, { kind: 'page', entity: grid.entity, key: `${grid.id} ${JSON.stringify(c.get('body'))}` }, () =>
    searchRecordsJson(ctx, user, grid.entity, keyField, req, [keyField, 'RowVersion', ...(grid.keys ?? []), ...grid.columns.map((col) => col.field)], filters),
  );
}

/** The same search as rows, the first carrying RecordCount (the spec's named searches, e.g. CP-012). */
export async function searchGridRows(c: Ctx, gridId: string) {
  const { ctx, user, grid, keyField, req, filters } = await gridSearch(c, gridId);
  const page = await searchRecords(ctx, user, grid.entity, keyField, req, [keyField, ...(grid.keys ?? []), ...grid.columns.map((col) => col.field)], filters);
  return c.json(page.Results.map((row, i) => (i === 0 ? { ...row, RecordCount: page.TotalRecords } : row)));
}

/** POST …/Export: every record of the search (paging ignored) as `{report}-Export.xlsx`, streamed. */
export async function exportGridFile(c: Ctx, gridId: string) {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const { grid, keyField } = await gridFor(ctx, user, gridId, 'read');
  const body = c.get('body');
  const stream = await exportGrid(ctx, user, exportedColumns(grid, body), keyField, body as SearchRequest, gridFilters(ctx, user, grid, body));
  const name = exportFileName(grid);
  return c.body(stream, 200, {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  });
}

/** POST …/Save: one call per paste, fill or edit batch; good rows saved, bad rows reported by key and field. */
export async function saveGrid(c: Ctx, gridId: string) {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const { grid, keyField } = await gridFor(ctx, user, gridId, 'edit');
  const columns = new Set(grid.columns.filter((col) => !col.readOnly).map((col) => col.field));
  const rows = c.get('body').rows as BulkRow[];
  // A grid saves only its own editable columns; anything else in a row is refused with that row.
  const outside = rows.flatMap((row) =>
    Object.keys(row.Changes)
      .filter((f) => !columns.has(f))
      .map((f) => ({ Key: row.Key, f })),
  );
  const refused = new Set(outside.map((o) => o.Key));
  const result = await saveRows(
    ctx,
    user,
    grid.entity,
    keyField,
    rows.filter((row) => !refused.has(row.Key)),
    grid.columns.map((col) => col.field),
    grid.id,
  );
  for (const key of refused) {
    result.Failed.push({
      Key: key,
      Status: 403,
      Message: 'This grid cannot change that column.',
      Errors: outside.filter((o) => o.Key === key).map((o) => ({ Field: `/${o.f}`, Message: 'Not an editable column of this grid.' })),
    });
    result.IsSuccessful = false;
  }
  // A stale row (409) keeps the conflict text: it is not an error of the update but someone else's change.
  for (const f of result.Failed) if (f.Status !== 409) f.Message = failedRowMessage(grid, f.Message);
  return c.json(result);
}

/** Body schemas of the grid calls (also used by the named flash-edit calls). */
export const GRID_SEARCH = { body: 'grid-search' } as const;
export const GRID_SAVE = { body: 'grid-save', maxBody: 8 * 1024 * 1024 } as const;

export function gridRoutes(r: ApiRouter) {
  const params = { gridId: 'text' } as const;
  r.post('/api/Grid/:gridId/Search', SIGNED_IN, { ...GRID_SEARCH, params }, (c) => searchGrid(c, c.req.param('gridId') ?? ''));
  r.post('/api/Grid/:gridId/Export', SIGNED_IN, { ...GRID_SEARCH, params }, (c) => exportGridFile(c, c.req.param('gridId') ?? ''));
  r.post('/api/Grid/:gridId/Save', SIGNED_IN, { ...GRID_SAVE, params }, (c) => saveGrid(c, c.req.param('gridId') ?? ''));
}
