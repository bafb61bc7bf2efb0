import { describe, expect, it } from 'vitest';
import permissionsDoc from '../../schemas/permissions.json';
import {
  allows,
  BUY_READY_REPORT,
  CALCULATOR_BRAND_DEFAULTS,
  CALCULATORS,
  CARRYOVER,
  holdsPermissions,
  LIBRARY_VIEW,
  permission,
  PROJECT_CREATE,
  refusesFactoryUser,
  type Grantee,
  type PermissionPair,
} from './access';

const who = (pairs: readonly PermissionPair[], isFactoryUser = false): Grantee => ({
  isFactoryUser,
  holds: (m, a) => pairs.some(([pm, pa]) => pm === m && pa === a),
});

describe('access rules', () => {
  it('anyOf needs one pair, allOf every pair, no rule part nothing', () => {
    expect(allows({}, who([]))).toBe(true);
    expect(allows(permission('users', 'read'), who([['users', 'read']]))).toBe(true);
    expect(allows(permission('users', 'read'), who([['users', 'edit']]))).toBe(false);
    expect(allows({ anyOf: [] }, who([['users', 'read']]))).toBe(false);
    expect(
      allows(
        PROJECT_CREATE,
        who([
          ['brief', 'create'],
          ['pattern', 'create'],
        ]),
      ),
    ).toBe(false);
    expect(
      allows(
        PROJECT_CREATE,
        who([
          ['brief', 'create'],
          ['pattern', 'create'],
          ['colorway', 'create'],
        ]),
      ),
    ).toBe(true);
  });

  it('BR-002 CARRY-001 WIZ-003 CALC-002 factory users are refused whatever their role holds, where the rule says so', () => {
    const cpReader = [['criticalPathDevPrototype', 'read']] as const;
    expect(allows(BUY_READY_REPORT, who(cpReader))).toBe(true);
    expect(allows(BUY_READY_REPORT, who(cpReader, true))).toBe(false);
    // The two parts apart, for the server's two answers (permission_denied, forbidden).
    expect(holdsPermissions(BUY_READY_REPORT, who(cpReader, true))).toBe(true);
    expect(refusesFactoryUser(BUY_READY_REPORT, who(cpReader, true))).toBe(true);
    for (const rule of [CARRYOVER, PROJECT_CREATE, CALCULATOR_BRAND_DEFAULTS]) expect(rule.noFactoryUsers).toBe(true);
    // PERM-013: the calculators themselves open for a factory user with 10/2.
    expect(allows(CALCULATORS, who([['calculator', 'edit']], true))).toBe(true);
  });

  it('PERM-026 the library opens for any action of module 9', () => {
    expect(LIBRARY_VIEW.anyOf?.map(([, a]) => a)).toEqual(permissionsDoc.modules.libraries.actions);
  });
});
