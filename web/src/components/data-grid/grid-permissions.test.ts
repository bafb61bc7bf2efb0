import { describe, expect, it } from 'vitest';
import { holdsRef } from './grid-permissions';

// users = module 6, systemMessages = 18; read = action 1 (schemas/permissions.json)
const usersRead = [{ ModuleId: 6, ActionId: 1 }];

describe('grid permissions', () => {
  it('falls back to the entity module', () => {
    expect(holdsRef(usersRead, undefined, 'users', 'read')).toBe(true);
    expect(holdsRef(usersRead, undefined, 'users', 'edit')).toBe(false);
  });
  it('accepts one pair or a list of alternatives (SHELL-019: 6/1 or 18/1 opens the error log)', () => {
    expect(holdsRef(usersRead, ['systemMessages', 'read'], 'users', 'read')).toBe(false);
    expect(
      holdsRef(
        usersRead,
        [
          ['systemMessages', 'read'],
          ['users', 'read'],
        ],
        undefined,
        'read',
      ),
    ).toBe(true);
    expect(
      holdsRef(
        [],
        [
          ['systemMessages', 'read'],
          ['users', 'read'],
        ],
        undefined,
        'read',
      ),
    ).toBe(false);
  });
  it('an unknown key never holds; no reference and no module reads but never edits', () => {
    expect(holdsRef(usersRead, ['nope', 'read'], undefined, 'read')).toBe(false);
    expect(holdsRef(null, undefined, undefined, 'read')).toBe(true);
    expect(holdsRef(null, undefined, undefined, 'edit')).toBe(false);
  });
});
