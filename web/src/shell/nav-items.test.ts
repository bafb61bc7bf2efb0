import { describe, expect, it } from 'vitest';
import { moduleId, type ActionKey, type ModuleKey } from '../auth/permissions';
import permissionsDoc from '../../../schemas/permissions.json';
import { siteLinks } from '../screens/admin/help/site-map';
import { documentTitle } from './crumbs';
import { NAV_GROUPS } from './nav-items';
import { routes } from './routes';
import { SHORTCUTS } from './shortcuts';
import { allowedGroups } from './useNavItems';

const perms = (pairs: [ModuleKey, ActionKey][]) =>
  pairs.map(([m, a]) => ({ ModuleId: moduleId(m), ActionId: (permissionsDoc.actions as Record<string, number>)[a] })) as never;
const HIERARCHY_READ: [ModuleKey, ActionKey][] = [['linePlan', 'read'], ['brief', 'read'], ['pattern', 'read'], ['colorway', 'read']];

describe('navigation groups (issue 11)', () => {
  it('PERM-024 a user sees only the items they may open; a group with none is left out', () => {
    const viewer = allowedGroups(perms(HIERARCHY_READ));
    expect(viewer.map((g) => g.label)).toEqual(['Products', 'Edit in bulk', 'Planning', 'Help']);
    expect(viewer[1].items.map((i) => i.label)).toEqual(['Colorway details', 'Upload Queue']);
    expect(viewer[0].items.map((i) => i.label)).toEqual(['Line plans', 'Briefs', 'Patterns', 'Colorways']);
    const costing = allowedGroups(perms([...HIERARCHY_READ, ['costing', 'read']]));
    expect(costing.find((g) => g.label === 'Edit in bulk')?.items.map((i) => i.label)).toEqual(['Costing', 'Colorway details', 'Upload Queue']);
    const forecast = allowedGroups(perms([['forecasting', 'read']]));
    expect(forecast.find((g) => g.label === 'Edit in bulk')?.items.map((i) => i.label)).toEqual(['Colorway forecast', 'Pattern forecast', 'Upload Queue']);
    // PERM-026 (DECISIONS): the upload queue is every signed-in user's.
    expect(allowedGroups(perms([])).map((g) => g.label)).toEqual(['Edit in bulk', 'Help']);
  });

  it('every navigation item leads to a route of the app', () => {
    const signedIn = routes[0].children?.find((r) => r.children?.some((c) => c.children?.some((x) => x.path === 'home')));
    const paths = new Set(siteLinks(signedIn?.children ?? []).map((l) => l.path.toLowerCase()));
    for (const item of NAV_GROUPS.flatMap((g) => g.items)) {
      expect(paths.has(item.to.toLowerCase()) || item.to.startsWith('/grid/'), item.to).toBe(true);
    }
  });

  it('SHELL-002 the document title names the page first, then its list, then the app', () => {
    expect(documentTitle([{ to: '/home', label: 'Home' }, { to: '/linePlanList', label: 'Line plans' }, { to: '/linePlan/1', label: 'Summit Ridge SS26' }]))
      .toBe('Summit Ridge SS26 · Line plans · PLM Workbench');
    expect(documentTitle([{ to: '/home', label: 'Home' }])).toBe('Home · PLM Workbench');
  });
});

describe('keyboard shortcuts (issue 11)', () => {
  it('SHELL-018 SHELL-020 the list holds the app\'s shortcuts, each once', () => {
    const keys = SHORTCUTS.flatMap((g) => g.shortcuts.flatMap((s) => s.keys));
    for (const k of ['?', 'Esc', 'Ctrl+S', 'Ctrl+Shift+E', 'Ctrl+Shift+F', 'Ctrl+C', 'Ctrl+V', 'Ctrl+Z']) expect(keys).toContain(k);
    const whats = SHORTCUTS.flatMap((g) => g.shortcuts.map((s) => s.what));
    expect(new Set(whats).size).toBe(whats.length);
  });
});
