/**
 * The effective field layout (PREF-017: row, hidden and title of each field; the user's own rows
 * over the admin default over the layout document) of a layout's module for the signed-in user.
 * Read once per screen load, so a layout an admin changed shows on the next load, without a deploy.
 */
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import type { FieldLayoutRow } from './layout';

/** `ready` once the rows came (or failed: the layout document alone then applies), or at once for a layout without a module. */
export function useFieldLayout(moduleId: number | undefined): { fieldLayout: FieldLayoutRow[] | undefined; ready: boolean } {
  const userId = useSessionStore((s) => s.session?.userId);
  const rows = useSWR<FieldLayoutRow[]>(
    moduleId && userId ? ['field-layout', userId, moduleId] : null,
    () => apiFetch<FieldLayoutRow[]>('/api/UserPreference/fields/getFieldConfiguration', { query: { userId, moduleId }, handleAuthErrors: false }),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return { fieldLayout: rows.data, ready: !moduleId || !!rows.data || !!rows.error };
}
