import { describe, expect, it } from 'vitest';
import { siteLinks } from './site-map';

describe('site map (SHELL-023)', () => {
  it('SHELL-023: lists nested paths and marks those that need an id', () => {
    const links = siteLinks([{ children: [{ path: 'users', handle: { crumb: 'Users' } }, { path: 'userEdit/:userId' }, { path: 'permissionDenied' }, { path: 'errors', children: [{ path: ':id' }] }] }]);
    expect(links).toEqual([
      { path: '/users', title: 'Users', needsId: false },
      { path: '/userEdit/:userId', title: 'userEdit/:userId', needsId: true },
      { path: '/errors', title: 'errors', needsId: false },
      { path: '/errors/:id', title: 'errors/:id', needsId: true },
    ]);
  });
});
