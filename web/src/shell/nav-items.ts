/** The main navigation: each entry shows only to users holding its permission. */
import type { ActionKey, ModuleKey } from '../auth/permissions';

export interface NavItem {
  to: string;
  label: string;
  permission?: [ModuleKey, ActionKey];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/migrations', label: 'Migrations', permission: ['users', 'edit'] },
];
