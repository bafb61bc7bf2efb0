/**
 * The one grid read/write path (DESIGN "generic where the spec is generic"): any grid document in
 * schemas/grids is searched and saved here, with its entity's permissions, scope and visibility.
 * A grid of an entity needs the entity module's read to search and edit to save.
 */
import type { ActionKey, ModuleKey, SessionUser } from '../auth/permissions';
import type { GridDoc, PermissionRef } from '../schemas/documents';
import { holds } from '../schemas/visibility';
import type { AppContext } from '../context';
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { badRequest, forbidden, notFound } from '../http/errors';
import { recordKey, searchRecords, type ExtraFilters, type SearchRequest } from '../records/read';
import { saveRows, type BulkRow } from '../records/bulk';

function gridFor(ctx: AppContext, user: SessionUser, gridId: string, action: Extract<ActionKey, 'read' | 'edit'>) {
  const grid = ctx.schemas.grids.get(gridId);
  if (!grid) throw notFound('No such grid.');
  const schema = ctx.schemas.entities.get(grid.entity)!;
  // Grids over rows of another call (error log, role list, access report) have no table to search.
  if (!schema['x-tables']) throw notFound('This grid shows the rows of its screen\'s own call; it has no search of its own.');
  // Read-only grids (the library lists: entries change only through the Library calls and their rules, ADR 008) have no save.
  if (action === 'edit' && grid.columns.every((col) => col.readOnly)) throw notFound('This grid is read-only; it has no save.');
  const module = schema['x-module'] as ModuleKey | undefined;
  const ref = (action === 'read' ? grid.read : grid.edit) ?? (module ? [module, action] as PermissionRef : undefined);
  if (!ref || !holds(user, ref)) throw forbidden();
  return { grid, keyField: recordKey(schema) };
}

/** The grid's declared filters with the request's values; an equality value must fit its field's schema. */
function gridFilters(ctx: AppContext, grid: GridDoc, body: Record<string, any>): ExtraFilters {
  const declared = grid.filters ?? {};
  const equals: Record<string, unknown> = {};
  const schema = ctx.schemas.entities.get(grid.entity)!;
  for (const f of declared.equals ?? []) {
    const key = Object.keys(body).find((k) => k.toLowerCase() === f.toLowerCase());
    if (key === undefined || body[key] === null || body[key] === '') continue;
    const value = /integer|number/.test(JSON.stringify(schema.properties[f].type)) ? Number(body[key]) : body[key];
    if (typeof value === 'number' && !Number.isFinite(value)) throw badRequest(`${f} must be a number.`, [{ Field: `/${key}`, Message: 'Must be a number.' }]);
    equals[f] = value;
  }
  return {
    text: declared.text && body.searchText ? { fields: declared.text, value: String(body.searchText) } : undefined,
    equals,
    activeOnly: declared.inactive && body.IncludeInactive !== true ? declared.inactive : undefined,
  };
}

export function gridRoutes(r: ApiRouter) {
  r.post('/api/Grid/:gridId/Search', SIGNED_IN, { body: 'search', params: { gridId: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const { grid, keyField } = gridFor(ctx, user, c.req.param('gridId') ?? '', 'read');
    const fields = [keyField, 'RowVersion', ...grid.columns.map((col) => col.field)];
    const body = c.get('body');
    return c.json(await searchRecords(ctx, user, grid.entity, keyField, body as SearchRequest, fields, gridFilters(ctx, grid, body)));
  });

  r.post('/api/Grid/:gridId/Save', SIGNED_IN, { body: 'grid-save', maxBody: 8 * 1024 * 1024, params: { gridId: 'text' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const { grid, keyField } = gridFor(ctx, user, c.req.param('gridId') ?? '', 'edit');
    const columns = new Set(grid.columns.filter((col) => !col.readOnly).map((col) => col.field));
    const rows = c.get('body').rows as BulkRow[];
    // A grid saves only its own editable columns; anything else in a row is refused with that row.
    const outside = rows.flatMap((row) => Object.keys(row.Changes).filter((f) => !columns.has(f)).map((f) => ({ Key: row.Key, f })));
    const refused = new Set(outside.map((o) => o.Key));
    const result = await saveRows(ctx, user, grid.entity, keyField, rows.filter((row) => !refused.has(row.Key)), grid.columns.map((col) => col.field), grid.id);
    for (const key of refused) {
      result.Failed.push({ Key: key, Status: 403, Message: 'This grid cannot change that column.',
        Errors: outside.filter((o) => o.Key === key).map((o) => ({ Field: `/${o.f}`, Message: 'Not an editable column of this grid.' })) });
      result.IsSuccessful = false;
    }
    return c.json(result);
  });
}
