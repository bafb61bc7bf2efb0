/** Administration calls: users, roles, system messages, error log, preferences and field layout, dashboard (the forecast settings are the quarterly forecast's). */
import type { ApiRouter } from '../../core/http/router';
import { userAdminRoutes } from './users';
import { userSaveRoutes } from './user-save';
import { roleRoutes } from './roles';
import { systemMessageRoutes } from './system-messages';
import { errorLogRoutes } from './error-log';
import { preferenceRoutes } from './preferences';
import { fieldLayoutRoutes } from './field-layout';
import { profileRoutes } from './profile';
import { activityRoutes } from './activity';
import { savedSearchRoutes } from './saved-searches';

export function adminRoutes(r: ApiRouter) {
  for (const register of [userAdminRoutes, userSaveRoutes, roleRoutes, systemMessageRoutes, errorLogRoutes, preferenceRoutes,
    fieldLayoutRoutes, savedSearchRoutes, profileRoutes, activityRoutes]) register(r);
}
