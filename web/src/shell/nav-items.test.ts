import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { AccessRule } from '@domain/access';
import { mayOpen, type Holder } from '../auth/access';
import { documentTitle } from './crumbs';
import { NAV_GROUPS } from './nav-items';
import { RequireAccess } from './RequireAccess';
import { routes } from './routes';
import { SHORTCUTS } from './shortcuts';
import { DEMO_USERS, demoUser, holding } from './test-users';
import { allowedGroups } from './useNavItems';

const HIERARCHY_READ = [
  ['linePlan', 'read'],
  ['brief', 'read'],
  ['pattern', 'read'],
  ['colorway', 'read'],
] as const;

/** The menus as 'Group: item, item'. */
const menus = (holder: Holder) => allowedGroups(holder).map((g) => `${g.label}: ${g.items.map((i) => i.label).join(', ')}`);

/** The rules of the guards (RequireAccess) the router passes on its way to each menu item. */
const GUARDS = new Map(
  NAV_GROUPS.flatMap((g) => g.items).map((i) => [
    i.to,
    (matchRoutes(routes, i.to) ?? []).flatMap(({ route }: { route: RouteObject }) => {
      const el = route.element as ReactElement<{ rule: AccessRule }> | undefined;
      return el?.type === RequireAccess ? [el.props.rule] : [];
    }),
  ]),
);
const guardsOn = (path: string): AccessRule[] => GUARDS.get(path) ?? [];

describe('navigation groups (issue 11), derived from the manifests', () => {
  it('PERM-024 a user sees only the items they may open; a group with none is left out', () => {
    const viewer = allowedGroups(holding(HIERARCHY_READ));
    expect(viewer.map((g) => g.label)).toEqual(['Products', 'Edit in bulk', 'Planning', 'Help']);
    expect(viewer[1].items.map((i) => i.label)).toEqual(['Colorway details', 'Upload Queue']);
    expect(viewer[0].items.map((i) => i.label)).toEqual(['Line plans', 'Briefs', 'Patterns', 'Colorways']);
    const costing = allowedGroups(holding([...HIERARCHY_READ, ['costing', 'read']]));
    expect(costing.find((g) => g.label === 'Edit in bulk')?.items.map((i) => i.label)).toEqual(['Costing', 'Colorway details', 'Upload Queue']);
    const forecast = allowedGroups(holding([['forecasting', 'read']]));
    expect(forecast.find((g) => g.label === 'Edit in bulk')?.items.map((i) => i.label)).toEqual(['Colorway forecast', 'Pattern forecast', 'Upload Queue']);
    // PERM-026 (DECISIONS): the upload queue is every signed-in user's.
    expect(allowedGroups(holding([])).map((g) => g.label)).toEqual(['Edit in bulk', 'Help']);
    expect(allowedGroups(null)).toEqual([]);
  });

  it('the admin sees every menu item, in the order of the menus before the manifests', () => {
    expect(menus(demoUser('admin'))).toEqual([
      'Products: Line plans, Briefs, Patterns, Colorways, Search, Catalog, Project create',
      'Edit in bulk: Costing, Colorway forecast, Pattern forecast, HTS codes, Colorway details, Upload Queue',
      'Planning: Line plan grid, Critical paths, Size range presets, Carryover, Transfer checklists, Corporate template, Quarterly forecast',
      'Reports: User access report, Buy ready, Buy ready overrides, Margin calculator, FOB calculator',
      'Admin: Users, Roles, System messages, Library, Forecast settings, Error log, Migrations',
      'Help: Help, Site map, Patch notes',
    ]);
    expect(NAV_GROUPS.flatMap((g) => g.items).length).toBe(allowedGroups(demoUser('admin')).flatMap((g) => g.items).length);
  });

  it('BR-002 issue 27: the factory user (Factory Partner role) is not offered Buy ready, which the server refuses them, so Reports is gone', () => {
    expect(menus(demoUser('factory'))).toEqual([
      'Products: Line plans, Briefs, Patterns, Colorways',
      'Edit in bulk: Costing, Colorway details, Upload Queue',
      'Planning: Line plan grid, Critical paths, Size range presets, Transfer checklists',
      'Help: Help, Site map, Patch notes',
    ]);
    // The same role without the factory flag reads the report (PERM-014 read).
    const partner = { ...demoUser('factory'), isFactoryUser: false };
    expect(menus(partner)).toContain('Reports: Buy ready');
  });

  it('the viewer (Read Only role) sees the hierarchy, the bulk grids they read, planning and the buy-ready report', () => {
    expect(menus(demoUser('viewer'))).toEqual([
      'Products: Line plans, Briefs, Patterns, Colorways',
      'Edit in bulk: Costing, Colorway forecast, Pattern forecast, HTS codes, Colorway details, Upload Queue',
      'Planning: Line plan grid, Critical paths, Size range presets, Transfer checklists',
      'Reports: Buy ready',
      'Help: Help, Site map, Patch notes',
    ]);
  });

  it('issue 27: no demo user is offered an item whose route guard would refuse them', () => {
    for (const name of DEMO_USERS) {
      const user = demoUser(name);
      for (const item of allowedGroups(user).flatMap((g) => g.items)) {
        expect(mayOpen(user, guardsOn(item.to)), `${name}: ${item.to}`).toBe(true);
        // The item's rules are its route's rules, narrowed at most by the entry's offer.
        expect(item.access.slice(0, guardsOn(item.to).length), item.to).toEqual(guardsOn(item.to));
      }
    }
  });

  it('every navigation item leads to a route of the app', () => {
    for (const item of NAV_GROUPS.flatMap((g) => g.items)) {
      const last = matchRoutes(routes, item.to)?.at(-1);
      expect(last && last.route.path !== '*', item.to).toBe(true);
    }
  });

  it('SHELL-002 the document title names the page first, then its list, then the app', () => {
    expect(
      documentTitle([
        { to: '/home', label: 'Home' },
        { to: '/linePlanList', label: 'Line plans' },
        { to: '/linePlan/1', label: 'Summit Ridge SS26' },
      ]),
    ).toBe('Summit Ridge SS26 · Line plans · PLM Workbench');
    expect(documentTitle([{ to: '/home', label: 'Home' }])).toBe('Home · PLM Workbench');
  });
});

describe('keyboard shortcuts (issue 11)', () => {
  it("SHELL-018 SHELL-020 the list holds the app's shortcuts, each once", () => {
    const keys = SHORTCUTS.flatMap((g) => g.shortcuts.flatMap((s) => s.keys));
    for (const k of ['?', 'Esc', 'Ctrl+S', 'Ctrl+Shift+E', 'Ctrl+Shift+F', 'Ctrl+C', 'Ctrl+V', 'Ctrl+Z']) expect(keys).toContain(k);
    const whats = SHORTCUTS.flatMap((g) => g.shortcuts.map((s) => s.what));
    expect(new Set(whats).size).toBe(whats.length);
  });
});
