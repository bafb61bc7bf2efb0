/**
 * Who opens the calculators (PERM-013: 10/2) and who edits the brand defaults (10/2 and module 18
 * edit, the system admin; never a factory user): the server's rules (server/features/calculators/routes.ts), mirrored.
 */
import type { PermissionPair } from '../admin/common/RequireAnyPermission';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';

export const CALCULATOR_USE: readonly PermissionPair[] = [['calculator', 'edit']];

export function useCanEditBrandDefaults(): boolean {
  return useSessionStore((s) => !!s.session && !s.session.isFactoryUser
    && can(s.session.userPermissions, 'calculator', 'edit') && can(s.session.userPermissions, 'systemMessages', 'edit'));
}
