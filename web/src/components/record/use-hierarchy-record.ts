/**
 * Everything a hierarchy record screen needs, loaded together: the user's entity schema and
 * layout, the effective field layout (PREF-017), and the record. A deleted record (SHELL-027)
 * shows the server's message for the entity and goes to Search with its module preselected.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { usePageTitle } from '../../shell/page-title-store';
import { toast } from '../../shell/toast-store';
import { useEntitySchema, useLayout } from '../fields/schema-docs';
import { useFieldLayout } from '../schema-form/use-field-layout';
import { searchPathOf, type HierarchyLevel } from './hierarchy';

export type RecordData = Record<string, unknown>;

const apiCode = (e: unknown) => (e instanceof ApiError ? (e.body as { Code?: string; Message?: string } | null) : null);

export function useHierarchyRecord(h: HierarchyLevel, id: number | null, layoutName: string = h.entity) {
  const navigate = useNavigate();
  const schema = useEntitySchema(h.entity);
  const layout = useLayout(layoutName);
  const url = id ? `${h.read}?${h.key}=${id}` : null;
  const record = useSWR<RecordData>(url, { revalidateOnFocus: false });
  const { fieldLayout, ready: layoutReady } = useFieldLayout(layout.data?.moduleId);

  const failure = apiCode(record.error);
  useEffect(() => {
    if (failure?.Code === 'record_deleted') {
      toast.error(failure.Message ?? 'The record you are trying to access is deleted.');
      void navigate(searchPathOf(h), { replace: true });
    }
  }, [failure, h, navigate]);

  // PREF-024: the record joins the user's last-used projects, once it loads (not again on each revalidation).
  const loaded = !!record.data;
  useEffect(() => {
    if (id && loaded) void apiFetch('/api/User/LogLastUseProject', { method: 'POST', json: { ProjectId: id, ProjectLevelId: h.level } }).catch(() => undefined);
  }, [id, h.level, loaded]);

  // Issue 11: the breadcrumb and the document title name the record.
  usePageTitle(record.data?.[h.name]);

  return {
    schema: schema.data,
    layout: layout.data,
    fieldLayout,
    record: record.data,
    ready: !!schema.data && !!layout.data && !!record.data && layoutReady,
    error: record.error ?? schema.error ?? layout.error,
    notFound: record.error instanceof ApiError && record.error.status === 404 && failure?.Code !== 'record_deleted',
    mutate: record.mutate,
    /** The record's read (its SWR key). */
    url,
  };
}
