/** ADMIN-041/042: data migrations. */
import useSWR from 'swr';
import { apiFetch } from './http';

export interface CompletedMigration {
  Id: number;
  Name: string;
  AppliedOn: string;
}

export interface MigrationsStatus {
  Completed: CompletedMigration[];
  Pending: string[];
}

export interface RunAnswer {
  IsSuccessful: boolean;
  Message?: string;
  Applied?: string[];
}

export const MIGRATIONS_KEY = '/api/migrations/Completed';

export function useMigrations() {
  return useSWR<MigrationsStatus>(MIGRATIONS_KEY, (path: string) => apiFetch<MigrationsStatus>(path));
}

export const runMigrations = () => apiFetch<RunAnswer>('/api/migrations/Run', { method: 'POST' });
