import { describe, expect, it } from 'vitest';
import { can, canAny, moduleId } from './permissions';

describe('can', () => {
  const perms = [
    { ModuleId: 6, ActionId: 2 },
    { ModuleId: 8, ActionId: 1 },
  ];

  it("PERM-026 can('users','edit') is module 6 action 2 (the /migrations gate)", () => {
    expect(moduleId('users')).toBe(6);
    expect(can(perms, 'users', 'edit')).toBe(true);
    expect(can(perms, 'users', 'read')).toBe(false);
    expect(can(perms, 'roles', 'edit')).toBe(false);
  });

  it('PERM-024 no session means no permission', () => {
    expect(can(null, 'users', 'edit')).toBe(false);
    expect(can([], 'users', 'edit')).toBe(false);
  });

  it('accepts ids sent as strings', () => {
    expect(can([{ ModuleId: '6' as unknown as number, ActionId: '2' as unknown as number }], 'users', 'edit')).toBe(true);
  });

  it('canAny looks at the module only', () => {
    expect(canAny(perms, 'search')).toBe(true);
    expect(canAny(perms, 'costing')).toBe(false);
  });
});
