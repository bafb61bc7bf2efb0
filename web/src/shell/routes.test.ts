import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { ReactElement } from 'react';
import { CALCULATOR_BRAND_DEFAULTS, type AccessRule } from '@domain/access';
import before from './route-table.before.json';
import { crumbSteps, type Crumb, type CrumbHandle } from './crumbs';
import { RequireAccess } from './RequireAccess';
import { routes } from './routes';

interface Placed {
  path: string;
  guards: AccessRule[];
}

/** Every path of the table (an index route under its parent's path), with the rules of the guards above and on it. */
function place(rs: readonly RouteObject[], prefix = '', guards: AccessRule[] = []): Placed[] {
  return rs.flatMap((r) => {
    const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    const el = r.element as ReactElement<{ rule: AccessRule }> | undefined;
    const g = el?.type === RequireAccess ? [...guards, el.props.rule] : guards;
    return [...(r.path || r.index ? [{ path: path || '/', guards: g }] : []), ...place(r.children ?? [], path, g)];
  });
}
const placed = place(routes);
const guardsOf = (path: string) => placed.find((p) => p.path === path)?.guards;

const text = (crumbs: Crumb[]) => crumbs.map((c) => `${c.label} ${c.to}`.trimEnd());
const matchesOf = (path: string) =>
  (matchRoutes(routes, path) ?? []).map((m) => ({ pathname: m.pathname, params: m.params, handle: m.route.handle as CrumbHandle | undefined }));

describe('the route table, derived from the manifests (issue 26)', () => {
  it('has every path the table had before the manifests, and only the menu grids besides', () => {
    const now = [...new Set(placed.map((p) => p.path))];
    expect(now).toEqual(expect.arrayContaining(before.paths));
    expect(now.filter((p) => !before.paths.includes(p)).sort()).toEqual(['/grid/brief-search', '/grid/colorway-search', '/grid/line-plan-search']);
  });

  it('PERM-024 keeps every guard it had; buy ready and carryover now refuse factory users as the server does (BR-002, CARRY-001)', () => {
    const noFactory = new Set(['/buyready', '/buyready/:prototypeSeasonalId', '/buyreadyoverride', '/carryover', '/carryoverConform', '/carryoverFinal']);
    for (const [path, old] of Object.entries(before.guards)) {
      // The one string is the calculators' own guard component (RequireBrandDefaultsEditor), now the shared rule.
      const expected = (old as (AccessRule | string)[]).map((r) =>
        typeof r === 'string' ? CALCULATOR_BRAND_DEFAULTS : noFactory.has(path) ? { ...r, noFactoryUsers: true } : r,
      );
      expect(guardsOf(path), path).toEqual(expected);
    }
  });

  it("PERM-024 issue 27: the routes the menus lead to are guarded by the menu's rule; these had none before", () => {
    const added = placed.filter((p) => p.guards.length && !(p.path in before.guards)).map((p) => p.path);
    // The hierarchy's record and create screens: the rule their screens checked inside (read, create), now the guard the site map reads too.
    const records = [
      '/linePlanCreate',
      '/linePlan/:id',
      '/linePlan/:id/gantt',
      '/linePlanEdit/:id',
      '/briefCreate',
      '/briefFromLinePlan/:linePlanId',
      '/briefCopy/:parentBriefSeasonalId',
      '/brief/:id',
      '/briefEdit/:id',
      '/pattern/:id',
      '/patternEdit/:id',
      '/patternCreate',
      '/patternFromBrief/:briefSeasonalId',
      '/patternCopy/:parentPatternSeasonalId',
      '/colorway/:id',
      '/prototypeEdit/:id',
      '/prototypeCreate',
      '/prototypeFromPattern/:patternSeasonalId',
      '/prototypeCopy/:parentPrototypeSeasonalId',
    ];
    expect([...new Set(added)].sort()).toEqual(
      [
        '/flashEditCosting',
        '/flashEditForecasting',
        '/flashEditHTS',
        '/flashEditPatternForecasting',
        '/flashEditPrototype',
        '/grid/brief-search',
        '/grid/colorway-search',
        '/grid/line-plan-search',
        '/linePlanList',
        '/patternList',
        '/projectCreate',
        ...records,
      ].sort(),
    );
    expect(guardsOf('/colorway/:id')).toEqual([{ anyOf: [['colorway', 'read']] }]);
    expect(guardsOf('/prototypeCopy/:parentPrototypeSeasonalId')).toEqual([{ anyOf: [['colorway', 'create']] }]);
  });

  it('SHELL-002 every breadcrumb is what it was before the manifests, with and without page and record names', () => {
    for (const [path, [plain, named]] of Object.entries(before.crumbs)) {
      expect(text(crumbSteps(matchesOf(path), null, null)), path).toEqual(plain);
      expect(text(crumbSteps(matchesOf(path), 'Name', 'Rec')), path).toEqual(named);
    }
  });
});
