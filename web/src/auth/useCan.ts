/** `useCan('users', 'edit')`: the signed-in user's permission, re-rendering when the session changes. */
import { can, type ActionKey, type ModuleKey } from './permissions';
import { useSessionStore } from './session-store';

export function useCan(module: ModuleKey, action: ActionKey): boolean {
  return useSessionStore((s) => can(s.session?.userPermissions, module, action));
}
