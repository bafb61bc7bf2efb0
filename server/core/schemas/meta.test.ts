/**
 * Layout documents: a create form's layout (e.g. brief-create) names no module, so a module's
 * field layout (PREF-017, server/features/admin/field-layout.ts finds it by moduleId) stays the
 * record screen's layout.
 */
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './registry';

const registry = loadSchemas();

describe('layout documents', () => {
  it('PREF-017 the create layouts load without a moduleId and with only fields of their entity', () => {
    for (const name of ['line-plan-create', 'brief-create', 'pattern-create', 'colorway-create']) {
      const layout = registry.layouts.get(name);
      expect(layout, name).toBeDefined();
      expect(layout!.moduleId, name).toBeUndefined();
      const entity = registry.entities.get(layout!.entity)!;
      for (const f of layout!.sections.flatMap((s) => s.rows.flat())) expect(f in entity.properties, `${name}: ${f}`).toBe(true);
    }
  });

  it("PREF-017 a module's field layout is still found as its record layout (brief-create is read before brief)", () => {
    const firstOf = (moduleId: number) => [...registry.layouts].find(([, l]) => l.moduleId === moduleId)?.[0];
    expect(firstOf(1)).toBe('line-plan');
    expect(firstOf(3)).toBe('brief');
  });
});
