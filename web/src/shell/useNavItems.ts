/** The navigation groups the signed-in user may open: each with its allowed links, empty groups left out. */
import { can } from '../auth/permissions';
import { useSessionStore } from '../auth/session-store';
import { NAV_GROUPS, type NavGroup, type NavItem } from './nav-items';

type Permissions = Parameters<typeof can>[0];

export const mayOpen = (permissions: Permissions, item: NavItem) => !item.anyOf || item.anyOf.some(([m, a]) => can(permissions, m, a));

export function allowedGroups(permissions: Permissions): NavGroup[] {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => mayOpen(permissions, i)) })).filter((g) => g.items.length > 0);
}

export function useNavGroups(): NavGroup[] {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  return allowedGroups(permissions);
}
