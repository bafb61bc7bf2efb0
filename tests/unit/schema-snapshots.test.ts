/**
 * Schema-driven snapshots (DESIGN "Tests"): every layout and grid document, resolved the way the
 * screens resolve it — sections, rows, labels and widget kinds of each form; titles, widths,
 * kinds and editability of each grid column — once for an internal user and once for a factory
 * user. A schema change shows its UI change in review as a snapshot diff.
 */
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../server/core/schemas/registry';
import { fieldAccess, schemaForUser } from '../../server/core/schemas/visibility';
import type { SessionUser } from '../../server/core/auth/permissions';
import { permissionCode, permissionIds, PERMISSIONS, type ActionKey, type ModuleKey } from '../../server/core/auth/permissions';
import { fieldKind, type EntitySchema } from '../../web/src/components/fields/field-kind';
import { resolveLayout } from '../../web/src/components/schema-form/layout';
import { gridColumns, type GridDocument } from '../../web/src/components/data-grid/columns';
import type { LayoutDocument } from '../../web/src/components/fields/schema-docs';

const registry = loadSchemas();

/** Every permission, as an internal user (admin) or as a factory user with the same permissions. */
function user(isFactoryUser: boolean): SessionUser {
  const permissions = new Set<number>();
  for (const [key, m] of Object.entries(PERMISSIONS.modules)) {
    for (const a of m.actions) permissions.add(permissionCode(...permissionIds([key as ModuleKey, a as ActionKey])));
  }
  return {
    userId: 1,
    userName: 'x',
    firstName: 'x',
    lastName: 'x',
    isFactoryUser,
    roleId: 1,
    sessionId: 's',
    permissions,
    brandIds: new Set(),
    factoryKeys: new Set(),
  };
}
const AUDIENCES = { internal: user(false), factory: user(true) };

const schemaFor = (entity: string, who: SessionUser) =>
  schemaForUser(registry.entities.get(entity)!, fieldAccess(registry, who, entity)) as unknown as EntitySchema;

describe('layout snapshots', () => {
  for (const [name, layout] of registry.layouts) {
    for (const [audience, who] of Object.entries(AUDIENCES)) {
      it(`${name} layout as seen by ${audience} users`, () => {
        const schema = schemaFor(layout.entity, who);
        const sections = resolveLayout(layout as unknown as LayoutDocument, schema).map((s) => ({
          section: s.title,
          ...(s.panel ? { panel: s.panel } : {}),
          ...(s.collapsed ? { collapsed: true } : {}),
          rows: s.rows.map((row) =>
            row.map((f) => `${schema.properties[f].title} [${fieldKind(f, schema.properties[f])}${schema.properties[f].readOnly ? ', read-only' : ''}]`),
          ),
        }));
        expect(sections).toMatchSnapshot();
      });
    }
  }
});

describe('grid snapshots', () => {
  for (const [name, grid] of registry.grids) {
    for (const [audience, who] of Object.entries(AUDIENCES)) {
      it(`${name} grid as seen by ${audience} users`, () => {
        const cols = gridColumns(grid as unknown as GridDocument, schemaFor(grid.entity, who));
        expect(cols.map((c) => `${c.title} (${c.field}) ${c.width}px ${c.kind}${c.readOnly ? ' read-only' : ''}`)).toMatchSnapshot();
      });
    }
  }
});
