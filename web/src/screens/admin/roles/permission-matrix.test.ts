import { describe, expect, it } from 'vitest';
import { keysOfPairs, MODULES, pairKey, pairsOfAssignment, pairsOfKeys, toggleModule, toPairs } from './permission-matrix';

describe('permission matrix (ADMIN-019)', () => {
  it('ADMIN-019: each module offers only its own actions', () => {
    const users = MODULES.find((m) => m.id === 6)!;
    expect(users.actions).toEqual([1, 2, 3]);
    expect(MODULES.find((m) => m.id === 5)!.actions).toContain(8);
  });
  it('toggles a whole module and turns keys into sorted pairs', () => {
    const users = MODULES.find((m) => m.id === 6)!;
    const on = toggleModule(new Set([pairKey(6, 1)]), users);
    expect(toPairs(on)).toEqual([
      { ModuleId: 6, ActionId: 1 },
      { ModuleId: 6, ActionId: 2 },
      { ModuleId: 6, ActionId: 3 },
    ]);
    expect(toggleModule(on, users).size).toBe(0);
  });
});

describe("permission matrix as the role entity's Permissions field", () => {
  it('ADMIN-019: [moduleKey, actionKey] pairs and matrix keys convert both ways', () => {
    const pairs = pairsOfAssignment([
      { ModuleId: 6, ActionId: 2 },
      { ModuleId: 6, ActionId: 1 },
    ]);
    expect(pairs).toEqual([
      ['users', 'read'],
      ['users', 'edit'],
    ]);
    expect([...keysOfPairs(pairs)].sort()).toEqual(['6/1', '6/2']);
    expect(
      pairsOfKeys(
        keysOfPairs([
          ['nope', 'read'],
          ['roles', 'create'],
        ]),
      ),
    ).toEqual([['roles', 'create']]);
    expect(toPairs(keysOfPairs(pairs))).toEqual([
      { ModuleId: 6, ActionId: 1 },
      { ModuleId: 6, ActionId: 2 },
    ]);
  });
});
