/**
 * SchemaForm: any entity record as a form, from its (user-filtered) entity schema and a layout.
 * RJSF v6 with our widget registry (one widget per field kind) and templates (sections → rows).
 * Hidden fields are absent (the server left them out of the schema); read-only and computed
 * fields are disabled. Widgets commit on blur, the schema is checked on blur and on save, and
 * the server's `Errors [{ Field: '/X', Message }]` show under their fields with the form-level
 * message. Unsaved changes are reported to the shell's prompt.
 *
 * @example
 * <SchemaForm schema={schema} layout={layout} formData={record} onSave={(changes) => save(changes)} />
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { fieldKind, type EntitySchema } from '../fields/field-kind';
import type { LayoutDocument } from '../fields/schema-docs';
import type { SchemaFormContext } from './form-context';
import { formSchema, isReadOnlyField, layoutFields, resolveLayout, type FieldLayoutRow } from './layout';
import { interpretedValidator } from './interpreted-validator';
import { FORM_ERROR_MESSAGE, toErrorSchema, withoutField, type FieldError } from './server-errors';
import { FieldTemplate } from './templates/FieldTemplate';
import { SectionsTemplate } from './templates/SectionsTemplate';
import { widgetFor, WIDGETS } from './widgets/registry';
import './schema-form.css';

/** What `onSave` may answer: the server's result of the save. */
export interface SaveOutcome { IsSuccessful?: boolean; Message?: string; Errors?: FieldError[] }

export interface SchemaFormProps {
  /** The entity schema as the server sent it for this user (keep the same object between renders). */
  schema: EntitySchema;
  /** The screen's layout document. */
  layout: LayoutDocument;
  /** The effective field layout (user/admin overrides of row and hidden). */
  fieldLayout?: readonly FieldLayoutRow[];
  /** The record; a new object resets the form. */
  formData: Record<string, unknown>;
  /** Show only: every field disabled, no save button. */
  readOnly?: boolean;
  /** Called with the changed fields (blank → null) after the schema check passed. */
  onSave?: (changes: Record<string, unknown>, data: Record<string, unknown>) => Promise<SaveOutcome | void>;
  /** Brand for lookups filtered by brand. */
  brandId?: number;
  /** Form-level message when the save has errors (default: the spec's S0 §5 text). */
  formErrorMessage?: string;
  /** Label of the save button. */
  saveLabel?: string;
  /** More buttons beside Save. */
  actions?: ReactNode;
  /** Key of this form's unsaved-changes flag in the shell's store. */
  dirtyKey?: string;
  /**
   * The schema checker. Default: the interpreting validator, because the app's
   * Content-Security-Policy (no 'unsafe-eval') keeps ajv from compiling in the browser.
   */
  validator?: ValidatorType;
}

const TEMPLATES = { FieldTemplate, ObjectFieldTemplate: SectionsTemplate };

/** Messages people read instead of ajv's. */
function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    if (e.name === 'required') return { ...e, message: 'This field is required.' };
    if (e.name === 'format' && (e.params?.format ?? e.params?.limit) === 'date') return { ...e, message: 'Enter a date as MM/DD/YYYY.' };
    if (e.name === 'maxLength') return { ...e, message: `At most ${e.params?.limit} characters.` };
    if (e.name === 'minimum') return { ...e, message: `Must be ${e.params?.limit} or more.` };
    if (e.name === 'maximum') return { ...e, message: `Must be ${e.params?.limit} or less.` };
    return e;
  });
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** See the module comment. */
export function SchemaForm({ schema, layout, fieldLayout, formData, readOnly, onSave, brandId, formErrorMessage = FORM_ERROR_MESSAGE, saveLabel = 'Save', actions, dirtyKey, validator = interpretedValidator as ValidatorType }: SchemaFormProps) {
  const sections = useMemo(() => resolveLayout(layout, schema, fieldLayout), [layout, schema, fieldLayout]);
  const fields = useMemo(() => layoutFields(sections), [sections]);
  const rjsfSchema = useMemo(() => formSchema(schema, fields), [schema, fields]);
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:options': { sections }, 'ui:submitButtonOptions': { norender: true } };
    for (const f of fields) {
      const p = schema.properties[f];
      ui[f] = { 'ui:widget': widgetFor(fieldKind(f, p)), 'ui:disabled': isReadOnlyField(p) };
    }
    return ui;
  }, [schema, fields, sections]);

  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema>({});
  useUnsavedChanges(dirty && !readOnly, dirtyKey);

  const dirtyRef = useRef(false);
  const markDirty = useCallback(() => {
    if (dirtyRef.current) return;
    dirtyRef.current = true;
    setDirty(true);
  }, []);
  const formContext = useMemo<SchemaFormContext>(() => ({ markDirty, initialData: formData, brandId }), [markDirty, formData, brandId]);
  const formRef = useRef<Form>(null);
  const shown = useMemo(() => new Set(fields), [fields]);

  const submit = () => {
    // Widgets commit on blur: blur the focused one first, then submit the committed data.
    (document.activeElement as HTMLElement | null)?.blur?.();
    setTimeout(() => formRef.current?.submit(), 0);
  };

  const onSubmitNow = async ({ formData: data }: { formData?: Record<string, unknown> }) => {
    if (!onSave || !data) return;
    const changes: Record<string, unknown> = {};
    for (const f of fields) if (!same(data[f], formData[f]) && !isReadOnlyField(schema.properties[f])) changes[f] = data[f] ?? null;
    setSaving(true);
    try {
      const outcome = await onSave(changes, data);
      if (outcome && (outcome.IsSuccessful === false || outcome.Errors?.length)) {
        const { schema: errs, other } = toErrorSchema(outcome.Errors ?? [], shown);
        setServerErrors(errs);
        setMessage([formErrorMessage, ...(outcome.Message && !outcome.Errors?.length ? [outcome.Message] : []), ...other]);
      } else {
        setServerErrors({});
        setMessage(null);
        dirtyRef.current = false;
        setDirty(false);
      }
    } finally {
      setSaving(false);
    }
  };

  // The RJSF element is kept while only the dirty flag, the message or `saving` change: a
  // re-render of 150 fields on the first keystroke would be a visible stall.
  const latest = useRef({ onSubmitNow, formErrorMessage });
  latest.current = { onSubmitNow, formErrorMessage };
  const onChange = useCallback((_e: unknown, id?: string) => {
    const field = id?.replace(/^root_/, '');
    if (field) setServerErrors((s) => (field in s ? withoutField(s, field) : s));
  }, []);
  const onSubmit = useCallback((e: unknown) => void latest.current.onSubmitNow(e as { formData?: Record<string, unknown> }), []);
  const onError = useCallback(() => setMessage([latest.current.formErrorMessage]), []);
  const form = useMemo(() => (
    <Form
      ref={formRef}
      schema={rjsfSchema as never}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={WIDGETS}
      templates={TEMPLATES}
      formContext={formContext}
      readonly={readOnly}
      liveValidate="onBlur"
      noHtml5Validate
      showErrorList={false}
      transformErrors={transformErrors}
      extraErrors={serverErrors}
      onChange={onChange}
      onSubmit={onSubmit}
      onError={onError}
    >
      {null}
    </Form>
  ), [rjsfSchema, uiSchema, formData, formContext, readOnly, serverErrors, onChange, onSubmit, onError, validator]);

  return (
    <div className="schema-form">
      {message && (
        <div className="alert alert--error" role="alert">
          {message.length === 1 ? message[0] : <ul>{message.map((m) => <li key={m}>{m}</li>)}</ul>}
        </div>
      )}
      {form}
      {!readOnly && onSave && (
        <div className="schema-form__actions">
          {actions}
          <button type="button" className="btn btn--primary" onClick={submit} disabled={saving}>
            {saving && <span className="spinner" aria-hidden="true" />} {saveLabel}
          </button>
        </div>
      )}
    </div>
  );
}
