/**
 * The shared access rules (server/domain/access.ts, used by the web's routes, menus and site map)
 * agree with the guards the API routes have today: the same answer for the demo roles, for every
 * single permission pair and for every combination of the rule's own pairs, factory user or not.
 * Where the server refuses factory users in the handler (buy ready, carryover) the guard is compared
 * with the rule's permission part.
 */
import { describe, expect, it } from 'vitest';
import roles from '../../fixtures/demo/role.json';
import { can, PERMISSIONS, permissionCode, permissionIds, type ActionKey, type ModuleKey, type SessionUser } from '../../server/core/auth/permissions';
import { buildApi } from '../../server/app';
import { GUARD, type GuardedMiddleware, type Rule } from '../../server/core/http/router';
import {
  allows,
  BUY_READY_EXECUTE,
  BUY_READY_OVERRIDE_SAVE,
  BUY_READY_OVERRIDES,
  BUY_READY_REPORT,
  CALCULATOR_BRAND_DEFAULTS,
  CALCULATORS,
  CARRYOVER,
  CORPORATE_TEMPLATE_VIEW,
  CRITICAL_PATH_SEARCH,
  ERROR_LOG,
  holdsPermissions,
  LIBRARY_CHANGE,
  LIBRARY_VIEW,
  PROJECT_CREATE,
  type AccessRule,
  type Grantee,
} from '../../server/domain/access';

type Pair = readonly [ModuleKey, ActionKey];

const userOf = (pairs: readonly Pair[], isFactoryUser: boolean) =>
  ({ isFactoryUser, permissions: new Set(pairs.map((p) => permissionCode(...permissionIds(p)))) }) as SessionUser;
const granteeOf = (u: SessionUser): Grantee => ({ isFactoryUser: u.isFactoryUser, holds: (m, a) => can(u, m, a) });

const guardOf = (() => {
  const routes = buildApi().app.routes;
  return (method: string, path: string): Rule => {
    const r = routes.find((x) => x.method === method && x.path.toLowerCase() === path.toLowerCase() && GUARD in (x.handler as object));
    if (!r) throw new Error(`no guarded route ${method} ${path}`);
    return (r.handler as GuardedMiddleware)[GUARD];
  };
})();
const passes = (rule: Rule, u: SessionUser) =>
  rule.kind === 'custom' ? rule.test(u) : rule.kind === 'anyOf' ? rule.perms.some(([m, a]) => can(u, m, a)) : true;

const ALL_PAIRS: Pair[] = Object.entries(PERMISSIONS.modules).flatMap(([m, def]) => def.actions.map((a) => [m, a] as Pair));
function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const x of xs) for (const s of out.slice()) out.push([...s, x]);
  return out;
}

/** Users to ask: the demo roles, each single pair, every combination of the rule's pairs; each as a factory user and not. */
function usersFor(rule: AccessRule): SessionUser[] {
  const own = [...(rule.anyOf ?? []), ...(rule.allOf ?? [])];
  const sets: (readonly Pair[])[] = [...roles.map((r) => r.Permissions as unknown as Pair[]), ...ALL_PAIRS.map((p) => [p]), ...subsets(own)];
  return sets.flatMap((s) => [userOf(s, false), userOf(s, true)]);
}

const CASES: [method: string, path: string, name: string, rule: AccessRule, part: 'whole' | 'permissions'][] = [
  ['GET', '/api/CriticalPath/GetCriticalPathLookups', 'CRITICAL_PATH_SEARCH', CRITICAL_PATH_SEARCH, 'whole'],
  ['GET', '/api/BuyReady/GetBuyReady', 'BUY_READY_REPORT', BUY_READY_REPORT, 'permissions'],
  ['POST', '/api/BuyReady/ExecuteBuyReady', 'BUY_READY_EXECUTE', BUY_READY_EXECUTE, 'permissions'],
  ['GET', '/api/BuyReady/GetBuyReadyOverrides', 'BUY_READY_OVERRIDES', BUY_READY_OVERRIDES, 'permissions'],
  ['POST', '/api/BuyReady/UpdateBuyReadyOverride', 'BUY_READY_OVERRIDE_SAVE', BUY_READY_OVERRIDE_SAVE, 'permissions'],
  ['POST', '/api/Carryover/SearchPrototypesForCarryover', 'CARRYOVER', CARRYOVER, 'permissions'],
  ['GET', '/api/ELC/GetBrandDefaults', 'CALCULATORS', CALCULATORS, 'whole'],
  ['POST', '/api/ELC/UpdateBrandDefaults', 'CALCULATOR_BRAND_DEFAULTS', CALCULATOR_BRAND_DEFAULTS, 'whole'],
  ['GET', '/api/ProjectCreate/GetStart', 'PROJECT_CREATE', PROJECT_CREATE, 'whole'],
  ['GET', '/api/User/GetErrors', 'ERROR_LOG', ERROR_LOG, 'whole'],
  ['GET', '/api/Library/GetEntries', 'LIBRARY_VIEW', LIBRARY_VIEW, 'whole'],
  ['POST', '/api/Library/AddOutsole', 'LIBRARY_CHANGE', LIBRARY_CHANGE, 'whole'],
  ['GET', '/api/CorporateTemplate/GetCorporateTemplateGroups', 'CORPORATE_TEMPLATE_VIEW', CORPORATE_TEMPLATE_VIEW, 'whole'],
];

describe('access rules agree with the API guards', () => {
  for (const [method, path, name, rule, part] of CASES) {
    it(`${name} answers as ${method} ${path} does`, () => {
      const check = part === 'whole' ? allows : holdsPermissions;
      for (const u of usersFor(rule))
        expect(check(rule, granteeOf(u)), `${[...u.permissions]} factory ${u.isFactoryUser}`).toBe(passes(guardOf(method, path), u));
    });
  }
});
