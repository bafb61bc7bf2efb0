/** Administration: users, roles, system messages, error log, preferences, field layout, dashboard, migrations: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { migrationRoutes } from './migration-routes';
import { adminRoutes } from './routes';
import { registerUserHooks } from './user-rules';

export const adminFeature: Feature = {
  name: 'admin',
  routes: [migrationRoutes, adminRoutes],
  register: () => registerUserHooks(),
};
