/**
 * CreateRecordForm: the create screen of a hierarchy level (line plan, brief, pattern, colorway) as a
 * SchemaForm over the entity's schema and its create layout (schemas/layouts/<entity>-create).
 * References (brand, season, responsible, workflow group, sub-seasons, gender) offer their choices
 * through their widget (`x-ref`, schema-form/reference.ts); the parent key
 * gets the ParentPicker, the name field the duplicate-name note (never blocking, CONST-031);
 * a changed brand or season clears what depends on it. The screen keeps its own rules: start
 * values and fixed fields (copy, start from a parent), the create call and its messages.
 *
 * @example
 * <CreateRecordForm level={levelOf('brief')!} title="Create Brief" start={{ values: {}, fixed: [] }}
 *   nameCheck={{ url: '/api/Brief/IsBriefNameExists', param: 'BriefName' }} create={(data) => createBrief(data)} />
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { PageHeader } from '../../shell/PageHeader';
import { useEntitySchema, useLayout } from '../fields/schema-docs';
import { SchemaForm, type FieldUi, type SaveOutcome } from '../schema-form/SchemaForm';
import { layoutFields, resolveLayout } from '../schema-form/layout';
import { withOptions, type FieldOption } from '../schema-form/options';
import { clearDependents, creatableSchema, type Dependents, type Values } from './create-form';
import type { HierarchyLevel } from './hierarchy';
import { NameCheckWidget, type NameCheck } from './NameCheckWidget';
import type { PickerSource } from './parent-picker';
import { ParentPickerWidget } from './ParentPicker';
import './create-form.css';

export interface CreateStart {
  values: Values;
  fixed: readonly string[];
  subtitle?: string;
}

export interface CreateRecordFormProps<Row = unknown> {
  level: HierarchyLevel;
  title: string;
  start: CreateStart;
  /** The duplicate-name check of the level. */
  nameCheck: NameCheck;
  /** The parent key and where its candidates come from. */
  parent?: { field: string; source: PickerSource<Row> };
  /** Required by the schema but not by this form (e.g. a copy's gender). */
  optional?: readonly string[];
  /** Field → the fields its change clears. */
  dependents: Dependents;
  /** Form-level message of a refused create. */
  formErrorMessage: string;
  /** Per-field messages (e.g. the parent's own 'Select a … in Released Status.'). */
  fieldMessages?: Record<string, Record<string, string>>;
  /** The screen's own field settings (widget, options), merged under the name and parent widgets. */
  fieldUi?: Record<string, FieldUi>;
  /** The screen's own database-backed choices (field → labelled options, e.g. a colorway's divisions); keep the object stable. */
  options?: Record<string, readonly FieldOption[]>;
  /** Called with the committed values when the form's check fails (e.g. a toast). */
  onInvalid?: (data: Values) => void;
  /** Creates the record; answers the server's refusal, or nothing once it navigated away. */
  create: (data: Values) => Promise<SaveOutcome | undefined>;
}

const WIDGETS: RegistryWidgetsType = { parentPicker: ParentPickerWidget, nameCheck: NameCheckWidget };

export function CreateRecordForm<Row>({
  level,
  title,
  start,
  nameCheck,
  parent,
  optional,
  dependents,
  formErrorMessage,
  fieldMessages,
  fieldUi: ownUi,
  options,
  onInvalid,
  create,
}: CreateRecordFormProps<Row>) {
  const navigate = useNavigate();
  const entitySchema = useEntitySchema(level.entity);
  const layout = useLayout(`${level.entity}-create`);
  // The start is taken once (a screen re-keys the form for another start).
  const [initial] = useState(() => ({ ...start.values }));
  const [fixed] = useState(start.fixed);
  const [values, setValues] = useState<Values>(initial);
  const latest = useRef<Values>(initial);
  const fields = useMemo(
    () => (entitySchema.data && layout.data ? layoutFields(resolveLayout(layout.data, entitySchema.data)) : []),
    [entitySchema.data, layout.data],
  );
  const base = useMemo(() => entitySchema.data && creatableSchema(entitySchema.data, fields, optional), [entitySchema.data, fields, optional]);
  const schema = useMemo(
    () => (base && options ? Object.entries(options).reduce((next, [f, opts]) => withOptions(next, f, opts), base) : base),
    [base, options],
  );
  const brandId = values.BrandId,
    seasonId = values.SeasonId;
  const fieldUi = useMemo<Record<string, FieldUi>>(() => {
    const ui: Record<string, FieldUi> = {};
    for (const [f, own] of Object.entries(ownUi ?? {})) ui[f] = { ...ui[f], ...own };
    ui[level.name] = { widget: 'nameCheck', options: { check: nameCheck, brandId } };
    if (parent) ui[parent.field] = { widget: 'parentPicker', options: { source: parent.source, brandId, seasonId } };
    for (const f of fixed) ui[f] = { ...ui[f], disabled: true };
    return ui;
  }, [ownUi, level.name, nameCheck, parent, brandId, seasonId, fixed]);

  if (entitySchema.error || layout.error)
    return (
      <div className="alert alert--error" role="alert">
        The form could not be loaded.
      </div>
    );
  if (!schema || !layout.data)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );

  const onChange = (data: Values) => {
    const cleared = clearDependents(latest.current, data, dependents);
    const next = cleared ?? data;
    latest.current = next;
    if (next.BrandId !== values.BrandId || next.SeasonId !== values.SeasonId) setValues(next);
    return cleared ?? undefined;
  };
  return (
    <div className="create-record" data-entity={level.entity}>
      <PageHeader title={title} subtitle={start.subtitle} />
      <SchemaForm
        schema={schema}
        layout={layout.data}
        formData={initial}
        widgets={WIDGETS}
        fields={fieldUi}
        saveLabel="Create"
        formErrorMessage={formErrorMessage}
        fieldMessages={fieldMessages}
        dirtyKey={`${level.entity}:create`}
        onChange={onChange}
        onInvalid={() => onInvalid?.(latest.current)}
        onSave={(_changes, data) => create(data)}
        actions={
          <button type="button" className="btn" onClick={() => void navigate(-1)}>
            Cancel
          </button>
        }
      />
    </div>
  );
}
