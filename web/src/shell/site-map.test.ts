import { describe, expect, it } from 'vitest';
import { mayOpen } from '../auth/access';
import before from './route-table.before.json';
import { SITE_LINKS, siteLinks } from './site-map';
import { demoUser } from './test-users';

const USERS_READ = { anyOf: [['users', 'read']] } as const;

describe('site map (SHELL-023)', () => {
  it('SHELL-023: lists nested paths with their rules and marks those that need an id; message pages are left out', () => {
    const links = siteLinks([
      {
        access: USERS_READ,
        children: [
          { path: 'users', handle: { crumb: 'Users' } },
          { path: 'userEdit/:userId' },
          { path: 'permissionDenied', unlisted: true },
          { path: 'errors', children: [{ path: ':id' }] },
        ],
      },
    ]);
    expect(links).toEqual([
      { path: '/users', title: 'Users', needsId: false, access: [USERS_READ] },
      { path: '/userEdit/:userId', title: 'userEdit/:userId', needsId: true, access: [USERS_READ] },
      { path: '/errors', title: 'errors', needsId: false, access: [USERS_READ] },
      { path: '/errors/:id', title: 'errors/:id', needsId: true, access: [USERS_READ] },
    ]);
  });

  it('SHELL-023 lists every screen it listed before the manifests, with the same titles, and the menu grids that now have routes of their own', () => {
    const now = SITE_LINKS.map((l) => `${l.path} | ${l.title}`);
    expect(now).toEqual(expect.arrayContaining(before.siteMap));
    expect(now.filter((l) => !before.siteMap.includes(l))).toEqual([
      '/grid/line-plan-search | grid/line-plan-search',
      '/grid/brief-search | grid/brief-search',
      '/grid/colorway-search | grid/colorway-search',
    ]);
  });

  it('SHELL-023 issue 27: it lists the screens the user may open, by the rules their routes are guarded with', () => {
    const paths = (name: string) => SITE_LINKS.filter((l) => mayOpen(demoUser(name), l.access)).map((l) => l.path);
    expect(paths('admin')).toHaveLength(SITE_LINKS.length);
    expect(paths('factory')).not.toContain('/buyready');
    expect(paths('factory')).toContain('/criticalPath');
    expect(paths('viewer')).toContain('/buyready');
    expect(paths('viewer')).not.toContain('/users');
  });
});
