/**
 * Everything a hierarchy record screen needs, loaded together: the user's entity schema and
 * layout, the effective field layout (PREF-017), and the record. A deleted record (SHELL-027)
 * shows the server's message for the entity and goes to Search with its module preselected.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import { usePageTitle } from '../../shell/page-title-store';
import { toast } from '../../shell/toast-store';
import { useEntitySchema, useLayout } from '../fields/schema-docs';
import type { FieldLayoutRow } from '../schema-form/layout';
import { searchPathOf, type HierarchyLevel } from './hierarchy';

export type RecordData = Record<string, unknown>;

const apiCode = (e: unknown) => (e instanceof ApiError ? (e.body as { Code?: string; Message?: string } | null) : null);

export function useHierarchyRecord(h: HierarchyLevel, id: number | null, layoutName: string = h.entity) {
  const navigate = useNavigate();
  const userId = useSessionStore((s) => s.session?.userId);
  const schema = useEntitySchema(h.entity);
  const layout = useLayout(layoutName);
  const record = useSWR<RecordData>(id ? `${h.read}?${h.key}=${id}` : null, { revalidateOnFocus: false });
  const moduleId = layout.data?.moduleId;
  const fieldLayout = useSWR<FieldLayoutRow[]>(moduleId && userId ? ['field-layout', userId, moduleId] : null,
    () => apiFetch<FieldLayoutRow[]>('/api/UserPreference/fields/getFieldConfiguration', { query: { userId, moduleId }, handleAuthErrors: false }),
    { shouldRetryOnError: false, revalidateOnFocus: false });

  const failure = apiCode(record.error);
  useEffect(() => {
    if (failure?.Code === 'record_deleted') {
      toast.error(failure.Message ?? 'The record you are trying to access is deleted.');
      void navigate(searchPathOf(h), { replace: true });
    }
  }, [failure, h, navigate]);

  // PREF-024: the record joins the user's last-used projects.
  useEffect(() => {
    if (id && record.data) void apiFetch('/api/User/LogLastUseProject', { method: 'POST', json: { ProjectId: id, ProjectLevelId: h.level } }).catch(() => undefined);
  }, [id, h.level, !!record.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Issue 11: the breadcrumb and the document title name the record.
  usePageTitle(record.data?.[h.name]);

  const layoutReady = !moduleId || !!fieldLayout.data || !!fieldLayout.error;
  return {
    schema: schema.data,
    layout: layout.data,
    fieldLayout: fieldLayout.data,
    record: record.data,
    ready: !!schema.data && !!layout.data && !!record.data && layoutReady,
    error: record.error ?? schema.error ?? layout.error,
    notFound: record.error instanceof ApiError && record.error.status === 404 && failure?.Code !== 'record_deleted',
    mutate: record.mutate,
  };
}
