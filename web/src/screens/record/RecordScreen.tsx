/**
 * /record/:entity/:id: one hierarchy record as a read-only SchemaForm with the entity's layout
 * (the demo of the shared form). Fields hidden from the user are absent: the server filters the
 * schema, the layout and the record.
 */
import { Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { can, type ModuleKey } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { useEntitySchema, useLayout } from '../../components/fields/schema-docs';
import type { FieldLayoutRow } from '../../components/schema-form/layout';
import { SchemaForm } from '../../components/schema-form/SchemaForm';
import { PageHeader } from '../../shell/PageHeader';

/** The read call of each hierarchy entity (server/api/hierarchy.ts). */
const READS: Record<string, { path: string; key: string; name: string }> = {
  colorway: { path: '/api/Prototype/GetPrototypeSeasonalDetails', key: 'PrototypeSeasonalId', name: 'PrototypeName' },
  pattern: { path: '/api/Pattern/GetPatternSeasonalDetails', key: 'PatternSeasonalId', name: 'PatternName' },
  brief: { path: '/api/Brief/GetBriefSeasonal', key: 'BriefSeasonalId', name: 'BriefName' },
  'line-plan': { path: '/api/LinePlan/GetLinePlan', key: 'LinePlanId', name: 'LinePlanName' },
};

export function RecordScreen() {
  const { entity = '', id = '' } = useParams();
  const read = READS[entity];
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const userId = useSessionStore((s) => s.session?.userId);
  const { data: schema } = useEntitySchema(read ? entity : null);
  const { data: layout } = useLayout(read ? entity : null);
  const module = schema?.['x-module'] as ModuleKey | undefined;
  const allowed = !module || can(permissions, module, 'read');
  const { data: record, error } = useSWR<Record<string, unknown>>(read && allowed && /^\d+$/.test(id) ? `${read.path}?${read.key}=${id}` : null);

  // The user's effective field layout (PREF-017); without it the layout document's own rows.
  const fieldLayout = useSWR<FieldLayoutRow[]>(layout?.moduleId && userId ? ['field-layout', userId, layout.moduleId] : null,
    () => apiFetch<FieldLayoutRow[]>('/api/UserPreference/fields/getFieldConfiguration', { query: { userId, moduleId: layout!.moduleId }, handleAuthErrors: false }),
    { shouldRetryOnError: false, revalidateOnFocus: false });
  const layoutReady = !layout?.moduleId || !!fieldLayout.data || !!fieldLayout.error;

  if (!read || !/^\d+$/.test(id)) return <Navigate to="/errorPage" replace />;
  if (!allowed) return <Navigate to="/permissionDenied" replace />;
  if (error instanceof ApiError && error.status === 404 && (error.body as { Code?: string } | null)?.Code === 'record_deleted') return <Navigate to="/recordDeleted" replace />;
  if (error) return <div className="alert alert--error" role="alert">The record could not be loaded.</div>;
  if (!schema || !layout || !record || !layoutReady) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return (
    <>
      <PageHeader title={String(record[read.name] ?? `${schema.title ?? entity} ${id}`)} subtitle={schema.title} />
      <SchemaForm schema={schema} layout={layout} fieldLayout={fieldLayout.data} formData={record} readOnly />
    </>
  );
}
