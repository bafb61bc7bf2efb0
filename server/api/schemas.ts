/**
 * GET /schemas/...: the schema documents, as the signed-in user may see them (the entity schema
 * already reflects the user's field visibility; grids and layouts lose hidden fields).
 */
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { notFound } from '../http/errors';
import { fieldAccess, schemaForUser } from '../schemas/visibility';

export function schemaRoutes(r: ApiRouter) {
  r.get('/schemas/permissions.json', SIGNED_IN, (c) => c.json(c.get('ctx').schemas.permissions));

  r.get('/schemas/entities/:name', SIGNED_IN, (c) => {
    const { schemas } = c.get('ctx');
    const name = (c.req.param('name') ?? '').replace(/\.schema\.json$/, '');
    const entity = schemas.entities.get(name);
    if (!entity) throw notFound('No such schema.');
    return c.json(schemaForUser(entity, fieldAccess(schemas, c.get('user'), name)));
  });

  r.get('/schemas/visibility/:name', SIGNED_IN, (c) => {
    const { schemas } = c.get('ctx');
    const name = (c.req.param('name') ?? '').replace(/\.visibility\.json$/, '');
    if (!schemas.entities.has(name)) throw notFound('No such schema.');
    const access = fieldAccess(schemas, c.get('user'), name);
    return c.json({ entity: name, hidden: [...access.hidden].sort(), readOnly: [...access.readOnly].sort() });
  });

  r.get('/schemas/layouts/:name', SIGNED_IN, (c) => {
    const { schemas } = c.get('ctx');
    const layout = schemas.layouts.get((c.req.param('name') ?? '').replace(/\.layout\.json$/, ''));
    if (!layout) throw notFound('No such layout.');
    const { hidden } = fieldAccess(schemas, c.get('user'), layout.entity);
    return c.json({
      ...layout,
      sections: layout.sections.map((s) => ({ ...s, rows: s.rows.map((row) => row.filter((f) => !hidden.has(f))).filter((row) => row.length) })),
    });
  });

  r.get('/schemas/grids/:name', SIGNED_IN, (c) => {
    const { schemas } = c.get('ctx');
    const grid = schemas.grids.get((c.req.param('name') ?? '').replace(/\.grid\.json$/, ''));
    if (!grid) throw notFound('No such grid.');
    const { hidden } = fieldAccess(schemas, c.get('user'), grid.entity);
    return c.json({ ...grid, columns: grid.columns.filter((col) => !hidden.has(col.field)) });
  });
}
