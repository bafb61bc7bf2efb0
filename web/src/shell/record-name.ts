/**
 * The name of the record a page is under (crumbs.ts `record`), for its breadcrumb step: read
 * through the level's own call, the one its record screen makes, so a record just open shows at
 * once; only when the user may read that level (no permission-denied detour for a breadcrumb).
 */
import useSWR from 'swr';
import { can } from '../auth/permissions';
import { useSessionStore } from '../auth/session-store';
import type { HierarchyLevel } from '../components/record/hierarchy';

export function useRecordName(record: { level: HierarchyLevel; id: number } | null): string | null {
  const readable = useSessionStore((s) => !!record && can(s.session?.userPermissions, record.level.module, 'read'));
  const key = record && readable ? `${record.level.read}?${record.level.key}=${record.id}` : null;
  const { data } = useSWR<Record<string, unknown>>(key, { shouldRetryOnError: false });
  const name = record && data?.[record.level.name];
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}
