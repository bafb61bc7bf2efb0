/**
 * Field layout configuration (PREF-017..023, DECISIONS PREF-007): the effective layout of a
 * screen is the schemas/layouts default, overridden by the admin default (field_layouts rows with
 * UserId null), overridden by the user's own rows. A row places a field (Row), hides it (Hidden)
 * and may rename it (Title; null keeps the entity schema's title) — for every form that applies the
 * field layout. Saving replaces one set of rows: the viewer's own, or (module 6 edit, UserId null)
 * the default for everyone.
 */
import type { AppContext } from '../../core/context';
import type { SessionUser } from '../../core/auth/permissions';
import type { LayoutDoc } from '../../core/schemas/documents';
import { fieldAccess } from '../../core/schemas/visibility';
import { badRequest, forbidden, notFound, type FieldError } from '../../core/http/errors';
import { recordAction } from '../../core/records/actions';
import { isAdminOf } from './common';

/** PREF-019. */

function layoutOf(ctx: AppContext, moduleId: number): LayoutDoc {
  const layout = [...ctx.schemas.layouts.values()].find((l) => l.moduleId === moduleId);
  if (!layout) throw notFound(`There is no field layout for module ${moduleId}.`);
  return layout;
}

/** The fields of the layout's entity the viewer may see (PREF-020: factory users lose some). */
const visibleFields = (ctx: AppContext, viewer: SessionUser, layout: LayoutDoc) => {
  const { hidden } = fieldAccess(ctx.schemas, viewer, layout.entity);
  return new Set(Object.keys(ctx.schemas.entities.get(layout.entity)!.properties).filter((f) => !hidden.has(f)));
};

export async function effectiveLayout(ctx: AppContext, viewer: SessionUser, userId: number, moduleId: number) {
  const layout = layoutOf(ctx, moduleId);
  const visible = visibleFields(ctx, viewer, layout);
  type Effective = {
    UserId: number | null;
    ModuleId: number;
    FieldId: string;
    Row: number;
    Hidden: boolean;
    Title: string | null;
    Source: string;
    Order: number;
  };
  const fields = new Map<string, Effective>();
  let row = 0;
  let order = 0;
  for (const section of layout.sections)
    for (const r of section.rows) {
      for (const f of r)
        fields.set(f, { UserId: null, ModuleId: moduleId, FieldId: f, Row: row, Hidden: false, Title: null, Source: 'layout', Order: order++ });
      row++;
    }
  const overrides = await ctx.db.query<{ userid: number | null; fieldid: string; row: number; hidden: boolean; title: string | null }>(
    `SELECT userid, fieldid, "row", hidden, title FROM field_layouts WHERE moduleid = $1 AND (userid IS NULL OR userid = $2)
      ORDER BY userid NULLS FIRST`,
    [moduleId, userId],
  );
  for (const o of overrides) {
    const prev = fields.get(o.fieldid);
    fields.set(o.fieldid, {
      UserId: o.userid,
      ModuleId: moduleId,
      FieldId: o.fieldid,
      Row: o.row,
      Hidden: o.hidden,
      Title: o.title,
      Source: o.userid === null ? 'default' : 'user',
      Order: prev?.Order ?? order++,
    });
  }
  return [...fields.values()]
    .filter((f) => visible.has(f.FieldId))
    .sort((a, b) => a.Row - b.Row || a.Order - b.Order)
    .map(({ Order: _, ...f }) => f);
}

/**
 * Saves the rows of one layout: the default for everyone (UserId null, module 6 edit) or, PREF-007,
 * whoever's profile is open, the viewer's own. Answers whose layout was saved (null: the default).
 */
export async function saveFieldLayout(ctx: AppContext, viewer: SessionUser, moduleId: number, rows: Record<string, any>[]) {
  const layout = layoutOf(ctx, moduleId);
  const visible = visibleFields(ctx, viewer, layout);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  rows.forEach((f, i) => {
    if (f.ModuleId !== undefined && f.ModuleId !== moduleId) errors.push({ Field: `/Fields/${i}/ModuleId`, Message: `Must be ${moduleId}.` });
    if (!visible.has(f.FieldId)) errors.push({ Field: `/Fields/${i}/FieldId`, Message: `'${f.FieldId}' is not a field of ${layout.entity}.` });
    if (seen.has(f.FieldId)) errors.push({ Field: `/Fields/${i}/FieldId`, Message: `'${f.FieldId}' is listed twice.` });
    seen.add(f.FieldId);
    // A blank title keeps the schema's.
    f.Title = typeof f.Title === 'string' && f.Title.trim() ? f.Title.trim() : null;
  });
  const forDefault = rows.some((f) => f.UserId === null);
  if (forDefault && rows.some((f) => f.UserId !== null))
    errors.push({ Field: '/Fields', Message: 'Save either the default layout (UserId null) or a user layout, not both.' });
  if (errors.length) throw badRequest('Field Profile failed to save.', errors);
  if (forDefault && !isAdminOf(viewer)) throw forbidden('Only an administrator may change the default field layout.');
  const target = forDefault ? null : viewer.userId;
  await ctx.db.tx(async (q) => {
    const before = await q.query(
      'SELECT fieldid, "row", hidden, title FROM field_layouts WHERE moduleid = $1 AND userid IS NOT DISTINCT FROM $2 ORDER BY fieldid',
      [moduleId, target],
    );
    await q.query('DELETE FROM field_layouts WHERE moduleid = $1 AND userid IS NOT DISTINCT FROM $2', [moduleId, target]);
    if (rows.length) {
      await q.query(
        `INSERT INTO field_layouts (moduleid, userid, fieldid, "row", hidden, title)
                     SELECT $1, $2, x.f, x.r, x.h, x.t FROM unnest($3::text[], $4::int[], $5::bool[], $6::text[]) AS x(f, r, h, t)`,
        [moduleId, target, rows.map((f) => f.FieldId), rows.map((f) => f.Row), rows.map((f) => f.Hidden ?? false), rows.map((f) => f.Title)],
      );
    }
    await recordAction(q, viewer.userId, 'field-layout', `${moduleId}:${target ?? 'default'}`, [
      { field: 'Fields', oldValue: before, newValue: rows.map((f) => ({ fieldid: f.FieldId, row: f.Row, hidden: f.Hidden ?? false, title: f.Title })) },
    ]);
  });
  return target;
}
