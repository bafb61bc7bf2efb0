/**
 * The shared access rules (`@domain/access`) asked for the signed-in user: route guards, menu
 * entries, the site map and screens use these, so a rule is written once for server and browser.
 */
import { allows, type AccessRule, type Grantee } from '@domain/access';
import { can } from './permissions';
import type { Session } from './session';
import { useSessionStore } from './session-store';

/** What the session holds, as the rules ask it. */
export type Holder = Pick<Session, 'isFactoryUser' | 'userPermissions'>;

export const granteeOf = (holder: Holder): Grantee => ({
  isFactoryUser: holder.isFactoryUser,
  holds: (module, action) => can(holder.userPermissions, module, action),
});

/** Whether the holder passes every rule (none: any signed-in user); no session passes none. */
export const mayOpen = (holder: Holder | null | undefined, rules: AccessRule | readonly AccessRule[] | undefined) => {
  const list = !rules ? [] : Array.isArray(rules) ? (rules as readonly AccessRule[]) : [rules as AccessRule];
  if (!holder) return false;
  const who = granteeOf(holder);
  return list.every((r) => allows(r, who));
};

/** `useAllowed(CARRYOVER)`: the signed-in user's answer, re-rendering when the session changes. */
export function useAllowed(rules: AccessRule | readonly AccessRule[] | undefined): boolean {
  return useSessionStore((s) => mayOpen(s.session, rules));
}
