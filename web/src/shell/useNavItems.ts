/** The navigation groups the signed-in user may open: each with its allowed links, empty groups left out. */
import { mayOpen, type Holder } from '../auth/access';
import { useSessionStore } from '../auth/session-store';
import { NAV_GROUPS, type NavGroup } from './nav-items';

export function allowedGroups(holder: Holder | null | undefined, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => mayOpen(holder, i.access)) })).filter((g) => g.items.length > 0);
}

export function useNavGroups(): NavGroup[] {
  const session = useSessionStore((s) => s.session);
  return allowedGroups(session);
}
