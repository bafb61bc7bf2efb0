/** The navigation entries the signed-in user may open. */
import { can } from '../auth/permissions';
import { useSessionStore } from '../auth/session-store';
import { NAV_ITEMS } from './nav-items';

export function useNavItems() {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  return NAV_ITEMS.filter((i) => !i.permission || can(permissions, i.permission[0], i.permission[1]));
}
