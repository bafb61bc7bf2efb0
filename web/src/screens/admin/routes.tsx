/**
 * The administration area's routes (issue 3): each screen lazily loaded, each behind its
 * permission (PERM-024/026, DECISIONS SHELL-019/PERM-026). Added to the signed-in branch of
 * shell/routes.tsx. Importing this module also installs the Ctrl+Shift+E shortcut (SHELL-018).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../shell/RequirePermission';
import { RequireAnyPermission } from './common/RequireAnyPermission';
import { ERROR_LOG_PERMISSIONS, LIBRARY_VIEW } from './common/screen-permissions';
import { installErrorShortcut } from './errors/error-shortcut';

function screen<M>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

installErrorShortcut();

/** A screen with its breadcrumb; an editor names the list it belongs to (`parent`). */
const open = (path: string, crumb: string, lazy: RouteObject['lazy'], parent?: { to: string; label: string }): RouteObject => ({ path, handle: { crumb, parent }, lazy });

export const homeRoute: RouteObject = open('home', 'Home', screen(() => import('./dashboard/DashboardScreen'), 'DashboardScreen'));

export const adminRoutes: RouteObject[] = [
  {
    element: <RequirePermission module="users" action="read" />,
    children: [
      open('users', 'Users', screen(() => import('./users/UsersScreen'), 'UsersScreen')),
      open('userAccessReport', 'User Access Report', screen(() => import('./users/UserAccessReportScreen'), 'UserAccessReportScreen')),
    ],
  },
  {
    element: <RequireAnyPermission anyOf={[['users', 'read'], ['users', 'create']]} />,
    children: [open('userEdit/:userId', 'User', screen(() => import('./users/UserEditScreen'), 'UserEditScreen'), { to: '/users', label: 'Users' })],
  },
  {
    element: <RequirePermission module="roles" action="read" />,
    children: [
      open('roles', 'Roles', screen(() => import('./roles/RolesScreen'), 'RolesScreen')),
      open('roleEdit/:roleId', 'Role', screen(() => import('./roles/RoleEditScreen'), 'RoleEditScreen'), { to: '/roles', label: 'Roles' }),
    ],
  },
  {
    element: <RequirePermission module="systemMessages" action="read" />,
    children: [open('systemMessageList', 'System Messages', screen(() => import('./system-messages/SystemMessageListScreen'), 'SystemMessageListScreen'))],
  },
  {
    element: <RequirePermission module="systemMessages" action="edit" />,
    children: [open('systemMessageEdit', 'System Message', screen(() => import('./system-messages/SystemMessageEditScreen'), 'SystemMessageEditScreen'), { to: '/systemMessageList', label: 'System Messages' })],
  },
  {
    element: <RequireAnyPermission anyOf={ERROR_LOG_PERMISSIONS} />,
    children: [
      open('errors', 'Error Log', screen(() => import('./errors/ErrorListScreen'), 'ErrorListScreen')),
      open('errors/:id', 'Error', screen(() => import('./errors/ErrorDetailScreen'), 'ErrorDetailScreen'), { to: '/errors', label: 'Error Log' }),
    ],
  },
  {
    element: <RequirePermission module="quarterlyForecastSettings" action="read" />,
    children: [open('quarterlyForecastSettings', 'Quarterly Forecast Settings', screen(() => import('./forecast-settings/QuarterlyForecastSettingsScreen'), 'QuarterlyForecastSettingsScreen'))],
  },
  {
    element: <RequireAnyPermission anyOf={LIBRARY_VIEW} />,
    children: [open('libraryEntries', 'Library Entries', screen(() => import('./library/LibraryEntriesScreen'), 'LibraryEntriesScreen'))],
  },
  open('UserProfile', 'User Profile', screen(() => import('./profile/ProfileScreen'), 'ProfileScreen')),
  open('sitemap', 'Site Map', screen(() => import('./help/SiteMapScreen'), 'SiteMapScreen')),
  open('help', 'Help', screen(() => import('./help/HelpScreen'), 'HelpScreen')),
  open('patchNotes', 'Patch Notes', screen(() => import('./help/PatchNotesScreen'), 'PatchNotesScreen')),
];
