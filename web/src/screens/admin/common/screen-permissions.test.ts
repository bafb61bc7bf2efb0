import { describe, expect, it } from 'vitest';
import { canChangeLibrary, canViewErrors } from './screen-permissions';

const p = (ModuleId: number, ActionId: number) => ({ ModuleId, ActionId });

describe('admin screen permissions', () => {
  it('SHELL-018 SHELL-019: the error log opens for users/read or systemMessages/read, nothing else', () => {
    expect(canViewErrors([p(6, 1)])).toBe(true);
    expect(canViewErrors([p(18, 1)])).toBe(true);
    expect(canViewErrors([p(6, 2), p(18, 2), p(5, 1)])).toBe(false);
    expect(canViewErrors(null)).toBe(false);
  });
  it('PERM-026: library entries change with 9/2 or 9/3', () => {
    expect(canChangeLibrary([p(9, 1)])).toBe(false);
    expect(canChangeLibrary([p(9, 3)])).toBe(true);
  });
});
