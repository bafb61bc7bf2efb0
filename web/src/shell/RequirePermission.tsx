/** Route guard for a (module, action) permission; without it, /permissionDenied (PERM-024). */
import { Navigate, Outlet } from 'react-router-dom';
import type { ActionKey, ModuleKey } from '../auth/permissions';
import { useCan } from '../auth/useCan';

export function RequirePermission({ module, action }: { module: ModuleKey; action: ActionKey }) {
  const allowed = useCan(module, action);
  return allowed ? <Outlet /> : <Navigate to="/permissionDenied" replace />;
}
