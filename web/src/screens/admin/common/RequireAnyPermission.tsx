/** Route guard: any one of the listed (module, action) pairs opens the screens below (PERM-024). */
import { Navigate, Outlet } from 'react-router-dom';
import { can, type ActionKey, type ModuleKey } from '../../../auth/permissions';
import { useSessionStore } from '../../../auth/session-store';

export type PermissionPair = readonly [ModuleKey, ActionKey];

export function RequireAnyPermission({ anyOf }: { anyOf: readonly PermissionPair[] }) {
  const allowed = useSessionStore((s) => anyOf.some(([m, a]) => can(s.session?.userPermissions, m, a)));
  return allowed ? <Outlet /> : <Navigate to="/permissionDenied" replace />;
}
