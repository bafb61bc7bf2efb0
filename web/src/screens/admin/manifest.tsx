/**
 * The administration area's manifest (issue 3): home, users, roles, system messages, library,
 * forecast settings, the error log, the profile and the help pages, each lazily loaded, each behind
 * its rule (PERM-024/026, DECISIONS SHELL-019/PERM-026). Its start installs the Ctrl+Shift+E shortcut (SHELL-018).
 */
import { ERROR_LOG, LIBRARY_VIEW, permission } from '@domain/access';
import { screen, type FeatureManifest, type NavEntry, type ScreenRoute } from '../../shell/manifest';
import { installErrorShortcut } from './errors/error-shortcut';

/** A screen with its breadcrumb; an editor names the list it belongs to (`parent`). */
const open = (path: string, crumb: string, lazy: ScreenRoute['lazy'], parent?: { to: string; label: string }, nav?: NavEntry): ScreenRoute => ({
  path,
  handle: { crumb, parent },
  lazy,
  ...(nav && { nav }),
});

export const adminManifest: FeatureManifest = {
  start: installErrorShortcut,
  routes: [
    open(
      'home',
      'Home',
      screen(() => import('./dashboard/DashboardScreen'), 'DashboardScreen'),
    ),
    {
      access: permission('users', 'read'),
      children: [
        open(
          'users',
          'Users',
          screen(() => import('./users/UsersScreen'), 'UsersScreen'),
          undefined,
          { group: 'Admin', label: 'Users' },
        ),
        open(
          'userAccessReport',
          'User Access Report',
          screen(() => import('./users/UserAccessReportScreen'), 'UserAccessReportScreen'),
          undefined,
          { group: 'Reports', label: 'User access report' },
        ),
      ],
    },
    {
      access: {
        anyOf: [
          ['users', 'read'],
          ['users', 'create'],
        ],
      },
      children: [
        open(
          'userEdit/:userId',
          'User',
          screen(() => import('./users/UserEditScreen'), 'UserEditScreen'),
          { to: '/users', label: 'Users' },
        ),
      ],
    },
    {
      access: permission('roles', 'read'),
      children: [
        open(
          'roles',
          'Roles',
          screen(() => import('./roles/RolesScreen'), 'RolesScreen'),
          undefined,
          { group: 'Admin', label: 'Roles' },
        ),
        open(
          'roleEdit/:roleId',
          'Role',
          screen(() => import('./roles/RoleEditScreen'), 'RoleEditScreen'),
          { to: '/roles', label: 'Roles' },
        ),
      ],
    },
    {
      access: permission('systemMessages', 'read'),
      children: [
        open(
          'systemMessageList',
          'System Messages',
          screen(() => import('./system-messages/SystemMessageListScreen'), 'SystemMessageListScreen'),
          undefined,
          { group: 'Admin', label: 'System messages' },
        ),
      ],
    },
    {
      access: permission('systemMessages', 'edit'),
      children: [
        open(
          'systemMessageEdit',
          'System Message',
          screen(() => import('./system-messages/SystemMessageEditScreen'), 'SystemMessageEditScreen'),
          { to: '/systemMessageList', label: 'System Messages' },
        ),
      ],
    },
    {
      access: LIBRARY_VIEW,
      children: [
        open(
          'libraryEntries',
          'Library Entries',
          screen(() => import('./library/LibraryEntriesScreen'), 'LibraryEntriesScreen'),
          undefined,
          { group: 'Admin', label: 'Library' },
        ),
      ],
    },
    {
      access: permission('quarterlyForecastSettings', 'read'),
      children: [
        open(
          'quarterlyForecastSettings',
          'Quarterly Forecast Settings',
          screen(() => import('./forecast-settings/QuarterlyForecastSettingsScreen'), 'QuarterlyForecastSettingsScreen'),
          undefined,
          { group: 'Admin', label: 'Forecast settings' },
        ),
      ],
    },
    {
      access: ERROR_LOG,
      children: [
        open(
          'errors',
          'Error Log',
          screen(() => import('./errors/ErrorListScreen'), 'ErrorListScreen'),
          undefined,
          { group: 'Admin', label: 'Error log' },
        ),
        open(
          'errors/:id',
          'Error',
          screen(() => import('./errors/ErrorDetailScreen'), 'ErrorDetailScreen'),
          { to: '/errors', label: 'Error Log' },
        ),
      ],
    },
    open(
      'UserProfile',
      'User Profile',
      screen(() => import('./profile/ProfileScreen'), 'ProfileScreen'),
    ),
    open(
      'help',
      'Help',
      screen(() => import('./help/HelpScreen'), 'HelpScreen'),
      undefined,
      { group: 'Help', label: 'Help' },
    ),
    open(
      'sitemap',
      'Site Map',
      screen(() => import('./help/SiteMapScreen'), 'SiteMapScreen'),
      undefined,
      { group: 'Help', label: 'Site map' },
    ),
    open(
      'patchNotes',
      'Patch Notes',
      screen(() => import('./help/PatchNotesScreen'), 'PatchNotesScreen'),
      undefined,
      { group: 'Help', label: 'Patch notes' },
    ),
  ],
};
