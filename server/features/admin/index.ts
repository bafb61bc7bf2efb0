/**
 * Administration (users, roles, system messages, error log, preferences, field layout, dashboard,
 * migrations): the feature as the server registers it (server/features.ts).
 */
import type { Feature } from '../../core/feature';
import { migrationRoutes } from './migration-routes';
import { userAdminRoutes } from './user-admin-routes';
import { userSaveRoutes } from './user-save-routes';
import { roleRoutes } from './role-routes';
import { systemMessageRoutes } from './system-message-routes';
import { errorLogRoutes } from './error-log-routes';
import { preferenceRoutes } from './preference-routes';
import { fieldLayoutRoutes } from './field-layout-routes';
import { savedSearchRoutes } from './saved-search-routes';
import { profileRoutes } from './profile-routes';
import { activityRoutes } from './activity-routes';
import { registerUserHooks } from './user-rules';

export const adminFeature: Feature = {
  name: 'admin',
  // The forecast settings are the quarterly forecast's.
  routes: [
    migrationRoutes,
    userAdminRoutes,
    userSaveRoutes,
    roleRoutes,
    systemMessageRoutes,
    errorLogRoutes,
    preferenceRoutes,
    fieldLayoutRoutes,
    savedSearchRoutes,
    profileRoutes,
    activityRoutes,
  ],
  register: () => registerUserHooks(),
};
