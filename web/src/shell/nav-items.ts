/** The main navigation: each entry shows only to users holding its permission. */
import type { ActionKey, ModuleKey } from '../auth/permissions';

export interface NavItem {
  to: string;
  label: string;
  permission?: [ModuleKey, ActionKey];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/Search', label: 'Search', permission: ['search', 'read'] },
  { to: '/linePlanList', label: 'Line Plans', permission: ['linePlan', 'read'] },
  { to: '/patternList', label: 'Patterns', permission: ['pattern', 'read'] },
  { to: '/grid/colorway-search', label: 'Colorways', permission: ['colorway', 'read'] },
  { to: '/grid/costing', label: 'Costing', permission: ['colorway', 'read'] },
  { to: '/users', label: 'Users', permission: ['users', 'read'] },
  { to: '/roles', label: 'Roles', permission: ['roles', 'read'] },
  { to: '/systemMessageList', label: 'Messages', permission: ['systemMessages', 'read'] },
  { to: '/libraryEntries', label: 'Library', permission: ['libraries', 'read'] },
  { to: '/migrations', label: 'Migrations', permission: ['users', 'edit'] },
  { to: '/help', label: 'Help' },
];
