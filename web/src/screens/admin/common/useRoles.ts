/** The role list (GET /api/Role), shared by the user list filter, the user editor and /roles. */
import useSWR from 'swr';

export interface RoleRow {
  RoleId: number;
  RoleName: string;
  IsActive: boolean;
  RowVersion: number;
  ActiveUsers?: number;
}

export const useRoles = () => useSWR<RoleRow[]>('/api/Role');
