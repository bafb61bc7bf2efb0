/**
 * RecordEditor: one hierarchy record (line plan, brief, pattern, colorway) as an editable
 * SchemaForm from the entity's schema, layout and the user's field layout, saved through the
 * level's update call with optimistic concurrency. Read-only without the module's edit
 * permission or in statuses 3..7 (then only the status can change, through StatusChange).
 * Screens add their own header actions and panels (calendars, images, developers...) around it.
 *
 * @example <RecordEditor level={levelOf('brief')!} id={12} actions={(r) => <CopyButton record={r} />} />
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { EntitySchema } from '../fields/field-kind';
import { Navigate } from 'react-router-dom';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { SchemaForm } from '../schema-form/SchemaForm';
import { HistoryPanel } from './HistoryPanel';
import { RecordNotFound } from './RecordNotFound';
import { isReadOnlyStatus, type HierarchyLevel } from './hierarchy';
import { saveRecordInTurn } from './save-record';
import { StatusChange } from './StatusChange';
import { useHierarchyRecord, type RecordData } from './use-hierarchy-record';
import { DocumentsPanel } from './DocumentsPanel';
import { LiveRecordNotice } from './LiveRecordNotice';
import { PresenceBar } from '../../feed/PresenceBar';
import { RecordSavesContext, recordSaves } from './record-saves';
import './record.css';

/** Reads the record again; a panel's save passes what its answer says of the record (its RowVersion at least). */
export type Reload = (saved?: Partial<RecordData>) => void;

export interface RecordEditorProps {
  level: HierarchyLevel;
  id: number;
  /** Layout document name (default: the entity's). */
  layoutName?: string;
  /** Buttons in the page header (copy, delete, relink…). */
  actions?: (record: RecordData, reload: Reload) => ReactNode;
  /** Panels below the form (child grids, images…). */
  children?: (record: RecordData, reload: Reload) => ReactNode;
  /** Whether the record may be edited beyond the module's permission and status (e.g. a factory rule). */
  editable?: (record: RecordData) => boolean;
  /** Panels inside the form's sections, by the name a layout section gives in `panel` (CW-009 accordion). */
  panels?: (record: RecordData, reload: Reload, editable: boolean) => Record<string, ReactNode>;
  /** The screen's own labelled options (keep the function stable between renders, e.g. useCallback). */
  withScreenOptions?: (schema: EntitySchema) => EntitySchema;
  /** Derived values shown as the user types (the server computes them again on save); `record` is the loaded one. */
  onChange?: (data: RecordData, record: RecordData) => RecordData | undefined;
}

export function RecordEditor({ level, id, layoutName, actions, children, editable, panels, onChange, withScreenOptions }: RecordEditorProps) {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const { schema, layout, fieldLayout, record, ready, error, notFound, mutate, url } = useHierarchyRecord(level, id, layoutName);
  const [conflict, setConflict] = useState<string | null>(null);
  // References (brand, season, responsible, workflow group…) come as names and choices through their widget (x-ref).
  const formSchema = useMemo(() => (schema && withScreenOptions ? withScreenOptions(schema) : schema), [schema, withScreenOptions]);
  // The screen's saves of the record (form, status, panels) go one at a time, each at the newest version known (record-saves.ts).
  const shown = useRef<unknown>(undefined);
  shown.current = record?.RowVersion;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new record (id) starts its own turns
  const saves = useMemo(() => recordSaves(() => shown.current), [id]);

  if (!can(permissions, level.module, 'read')) return <Navigate to="/permissionDenied" replace />;
  if (notFound) return <RecordNotFound level={level} />;
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        The record could not be loaded.
      </div>
    );
  if (!ready || !schema || !layout || !record)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );

  // A panel's save that moved the record (size ranges, toggles) gives what it knows at once, the new
  // RowVersion at least, so a form save right after it goes at the new version; the rest is read again.
  // Merged into the record as cached now, not as this render saw it.
  const reload = (saved?: Partial<RecordData>) => {
    setConflict(null);
    void (saved ? mutate((r) => (r ? { ...r, ...saved } : r), { revalidate: true }) : mutate());
  };
  const readOnly = !can(permissions, level.module, 'edit') || isReadOnlyStatus(record.StatusId) || !!record.IsDeleted || (editable ? !editable(record) : false);
  const onSave = async (changes: RecordData) => {
    if (!Object.keys(changes).length) return;
    const result = await saveRecordInTurn(saves, level, record, changes);
    if (result.ok) {
      setConflict(null);
      toast.success('Record Saved Successfully.');
      for (const w of result.warnings) toast.warning(w);
      await mutate(result.record, { revalidate: false });
      return;
    }
    // A conflict keeps the edits and the unsaved state; the banner says who changed the record and offers Reload.
    if (result.conflict) {
      setConflict(result.outcome.Message ?? null);
      return { Cancelled: true };
    }
    return result.outcome;
  };
  const title = String(record[level.name] ?? `${level.title} ${id}`);
  return (
    <RecordSavesContext.Provider value={saves}>
      <div className="record-editor" data-entity={level.entity}>
        <PageHeader
          title={title}
          subtitle={`${level.title} · ${String(record.StatusName ?? '')}`}
          actions={
            <>
              <PresenceBar topic={`record:${level.entity}:${id}`} />
              {actions?.(record, reload)}
              <StatusChange level={level} record={record} onChanged={(r) => void mutate(r, { revalidate: false })} />
            </>
          }
        />
        {conflict && (
          <div className="alert alert--warning" role="alert">
            {conflict}{' '}
            <button type="button" className="btn btn--small" onClick={() => reload()}>
              Reload
            </button>
          </div>
        )}
        <LiveRecordNotice entity={level.entity} id={id} url={url!} record={record} schema={schema} dirtyKey={`${level.entity}:${id}`} mutate={mutate} />
        <SchemaForm
          schema={formSchema ?? schema}
          layout={layout}
          fieldLayout={fieldLayout}
          formData={record}
          readOnly={readOnly}
          onSave={readOnly ? undefined : onSave}
          brandId={record.BrandId as number | undefined}
          dirtyKey={`${level.entity}:${id}`}
          panels={panels?.(record, reload, !readOnly)}
          onChange={readOnly || !onChange ? undefined : (data) => onChange(data, record)}
        />
        {children?.(record, reload)}
        <DocumentsPanel level={level} record={record} canEdit={!readOnly} />
        <HistoryPanel level={level.level} id={id} version={record.RowVersion} />
      </div>
    </RecordSavesContext.Provider>
  );
}
