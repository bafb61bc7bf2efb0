/**
 * GET /schemas/...: the schema documents, as the signed-in user may see them (the entity schema
 * already reflects the user's field visibility; grids and layouts lose hidden fields).
 * In proxy mode the upstream owns sign-in, so the documents are served unfiltered (they hold
 * field definitions, never data) and the upstream filters the data itself.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { PUBLIC, SIGNED_IN, type ApiRouter } from '../http/router';
import { notFound } from '../http/errors';
import { fieldAccess as userFieldAccess, schemaForUser, type FieldAccess } from '../schemas/visibility';

const UNRESTRICTED: FieldAccess = { hidden: new Set(), readOnly: new Set() };

export function schemaRoutes(r: ApiRouter, opts: { proxy?: boolean } = {}) {
  const rule = opts.proxy ? PUBLIC : SIGNED_IN;
  const fieldAccess = (schemas: AppEnv['Variables']['ctx']['schemas'], user: AppEnv['Variables']['user'] | undefined, entity: string) =>
    user ? userFieldAccess(schemas, user, entity) : UNRESTRICTED;
  const userOf = (c: Context<AppEnv>): AppEnv['Variables']['user'] | undefined => c.get('user');

  r.get('/schemas/permissions.json', rule, (c) => c.json(c.get('ctx').schemas.permissions));

  r.get('/schemas/entities/:name', rule, { params: { name: 'text' } }, (c) => {
    const { schemas } = c.get('ctx');
    const name = (c.req.param('name') ?? '').replace(/\.schema\.json$/, '');
    const entity = schemas.entities.get(name);
    if (!entity) throw notFound('No such schema.');
    return c.json(schemaForUser(entity, fieldAccess(schemas, userOf(c), name)));
  });

  r.get('/schemas/visibility/:name', rule, { params: { name: 'text' } }, (c) => {
    const { schemas } = c.get('ctx');
    const name = (c.req.param('name') ?? '').replace(/\.visibility\.json$/, '');
    if (!schemas.entities.has(name)) throw notFound('No such schema.');
    const access = fieldAccess(schemas, userOf(c), name);
    return c.json({ entity: name, hidden: [...access.hidden].sort(), readOnly: [...access.readOnly].sort() });
  });

  r.get('/schemas/layouts/:name', rule, { params: { name: 'text' } }, (c) => {
    const { schemas } = c.get('ctx');
    const layout = schemas.layouts.get((c.req.param('name') ?? '').replace(/\.layout\.json$/, ''));
    if (!layout) throw notFound('No such layout.');
    const { hidden } = fieldAccess(schemas, userOf(c), layout.entity);
    return c.json({
      ...layout,
      sections: layout.sections.map((s) => ({ ...s, rows: s.rows.map((row) => row.filter((f) => !hidden.has(f))).filter((row) => row.length) })),
    });
  });

  r.get('/schemas/grids/:name', rule, { params: { name: 'text' } }, (c) => {
    const { schemas } = c.get('ctx');
    const grid = schemas.grids.get((c.req.param('name') ?? '').replace(/\.grid\.json$/, ''));
    if (!grid) throw notFound('No such grid.');
    const { hidden } = fieldAccess(schemas, userOf(c), grid.entity);
    // The key columns the user may see stay the frozen ones.
    const frozen = grid.frozen === undefined ? {} : { frozen: grid.columns.slice(0, grid.frozen).filter((col) => !hidden.has(col.field)).length };
    return c.json({ ...grid, ...frozen, columns: grid.columns.filter((col) => !hidden.has(col.field)) });
  });
}
