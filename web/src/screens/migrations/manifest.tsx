/** /migrations (PERM-026): the database migrations, with module 6 edit. */
import { permission } from '@domain/access';
import { screen, type FeatureManifest } from '../../shell/manifest';

export const migrationsManifest: FeatureManifest = {
  routes: [
    {
      path: 'migrations',
      access: permission('users', 'edit'),
      nav: { group: 'Admin', label: 'Migrations' },
      handle: { crumb: 'Migrations' },
      children: [{ index: true, lazy: screen(() => import('./MigrationsScreen'), 'MigrationsScreen') }],
    },
  ],
};
