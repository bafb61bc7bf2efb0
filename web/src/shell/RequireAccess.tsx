/** Route guard for a route's access rule (its manifest's `access`); without it, /permissionDenied (PERM-024). */
import { Navigate, Outlet } from 'react-router-dom';
import type { AccessRule } from '@domain/access';
import { useAllowed } from '../auth/access';

export function RequireAccess({ rule }: { rule: AccessRule }) {
  return useAllowed(rule) ? <Outlet /> : <Navigate to="/permissionDenied" replace />;
}
