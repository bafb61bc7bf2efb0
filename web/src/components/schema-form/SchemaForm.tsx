/**
 * SchemaForm: any entity record as a form, from its (user-filtered) entity schema and a layout.
 * RJSF v6 with our widget registry (one widget per field kind) and templates (sections → rows).
 * Hidden fields are absent (the server left them out of the schema); read-only and computed
 * fields are disabled. Widgets commit on blur, the schema is checked on blur and on save (which
 * first waits for the checks of typed search-help keys, pending-checks.ts), and the server's
 * `Errors [{ Field: '/X', Message }]` show under their fields with the form-level message.
 * Unsaved changes are reported to the shell's prompt.
 *
 * Screens extend it without forking it: labelled options (`oneOf` consts, options.ts), their own
 * widgets merged into the registry (`widgets` + `fields`, e.g. a permission matrix), per-field
 * messages (`fieldMessages`), cross-field checks (`customValidate`), a form-level `message`, and
 * `onChange` to follow committed values. The form keeps its data across prop changes (a new
 * schema, server errors); only a new `formData` object resets it.
 *
 * @example
 * <SchemaForm schema={schema} layout={layout} formData={record} onSave={(changes) => save(changes)} />
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { CustomValidator, ErrorSchema, RegistryWidgetsType, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { useUnsavedChangesStore } from '../../shell/unsaved-changes-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import type { EntitySchema } from '../fields/field-kind';
import { formKind } from './form-kind';
import type { LayoutDocument } from '../fields/schema-docs';
import { formDataStore, type SchemaFormContext } from './form-context';
import { fieldTitles, formSchema, isReadOnlyField, layoutFields, resolveLayout, type FieldLayoutRow } from './layout';
import { interpretedValidator } from './interpreted-validator';
import { pendingChecks } from './pending-checks';
import { readableErrors } from './readable-errors';
import { FORM_ERROR_MESSAGE, toErrorSchema, withoutField, type FieldError } from './server-errors';
import { FieldTemplate } from './templates/FieldTemplate';
import { SectionsTemplate } from './templates/SectionsTemplate';
import { SectionPanelsContext } from './templates/accordion';
import { rebaseEdits, sameValue } from './rebase';
import { widgetFor, WIDGETS } from './widgets/registry';
import './schema-form.css';

/** What `onSave` may answer: the server's result of the save. */
export interface SaveOutcome {
  IsSuccessful?: boolean;
  Message?: string;
  Errors?: FieldError[];
  /** The user called the save off (e.g. declined a confirmation): nothing changes. */
  Cancelled?: boolean;
  /** Replaces the form-level message of this failed save (e.g. a screen's own text for a refused save). */
  FormMessage?: string;
}

/** A screen's settings of one field: its widget (a registry key), RJSF `ui:options`, placeholder. */
export interface FieldUi {
  widget?: string;
  options?: Record<string, unknown>;
  placeholder?: string;
  disabled?: boolean;
}

export interface SchemaFormProps {
  /** The entity schema as the server sent it for this user (keep the same object between renders). */
  schema: EntitySchema;
  /** The screen's layout document. */
  layout: LayoutDocument;
  /** The effective field layout (user/admin overrides of row, hidden and title). */
  fieldLayout?: readonly FieldLayoutRow[];
  /** The record; a new object resets the form. */
  formData: Record<string, unknown>;
  /** Show only: every field disabled, no save button. */
  readOnly?: boolean;
  /** Report unsaved edits to the shell's leave prompt (default true); a search's criteria form does not. */
  trackUnsaved?: boolean;
  /** Called with the changed fields (blank → null) after the schema check passed. */
  onSave?: (changes: Record<string, unknown>, data: Record<string, unknown>) => Promise<SaveOutcome | undefined>;
  /** Brand for lookups filtered by brand. */
  brandId?: number;
  /** Form-level message when the save has errors (default: the spec's S0 §5 text). */
  formErrorMessage?: string;
  /** Label of the save button. */
  saveLabel?: string;
  /**
   * A search's criteria, not a record: a typed key that matched no record is left out and the search
   * goes on (LOOKUP-012: 'Your search will not include this criteria'); a record's save stops there.
   */
  criteria?: boolean;
  /** More buttons beside Save. */
  actions?: ReactNode;
  /** Key of this form's unsaved-changes flag in the shell's store. */
  dirtyKey?: string;
  /**
   * The schema checker. Default: the interpreting validator, because the app's
   * Content-Security-Policy (no 'unsafe-eval') keeps ajv from compiling in the browser.
   */
  validator?: ValidatorType;
  /** The screen's own widgets, merged over the registry (name → widget); pick them with `fields`. */
  widgets?: RegistryWidgetsType;
  /** Per-field settings (widget, options, placeholder); keep the object stable between renders. */
  fields?: Record<string, FieldUi>;
  /** Messages per field and check keyword, e.g. `{ Brands: { minItems: 'Please select at least one brand.' } }`. */
  fieldMessages?: Record<string, Record<string, string>>;
  /** Cross-field checks run with the schema check (RJSF customValidate). */
  customValidate?: CustomValidator;
  /** A form-level message of the screen's own (shown with the form's alert, e.g. a failed load of options). */
  message?: readonly string[];
  /** Errors the screen found itself, shown under their fields at once (e.g. a user name already in use). */
  fieldErrors?: Record<string, readonly string[]>;
  /** Called when the schema check before a save fails (e.g. a screen's warning toast). */
  onInvalid?: () => void;
  /**
   * Committed values (after a blur, a click or a pick), e.g. to show a panel only a factory user
   * has. An answered object replaces the data (a dependent field reset, e.g. the season of a new brand).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that answers nothing (a state setter) may be passed as it is
  onChange?: (data: Record<string, unknown>) => Record<string, unknown> | void;
  /** Panels by name, shown in the layout sections that name them (`panel`), below their fields. */
  panels?: Readonly<Record<string, ReactNode>>;
}

const TEMPLATES = { FieldTemplate, ObjectFieldTemplate: SectionsTemplate };
const NO_PANELS: Readonly<Record<string, ReactNode>> = {};

/** See the module comment. */
export function SchemaForm({
  schema,
  layout,
  fieldLayout,
  formData,
  readOnly,
  trackUnsaved = true,
  onSave,
  brandId,
  formErrorMessage = FORM_ERROR_MESSAGE,
  saveLabel = 'Save',
  criteria = false,
  actions,
  dirtyKey,
  validator = interpretedValidator as ValidatorType,
  widgets,
  fields: fieldUi,
  fieldMessages,
  customValidate,
  message: ownMessage,
  onChange: onDataChange,
  onInvalid,
  fieldErrors,
  panels = NO_PANELS,
}: SchemaFormProps) {
  const sections = useMemo(() => resolveLayout(layout, schema, fieldLayout), [layout, schema, fieldLayout]);
  const fields = useMemo(() => layoutFields(sections), [sections]);
  const rjsfSchema = useMemo(() => formSchema(schema, fields, fieldTitles(fieldLayout)), [schema, fields, fieldLayout]);
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:options': { sections }, 'ui:submitButtonOptions': { norender: true } };
    for (const f of fields) {
      const p = schema.properties[f];
      const own = fieldUi?.[f];
      const widget = own?.widget ?? widgetFor(formKind(f, p));
      ui[f] = {
        ...(widget ? { 'ui:widget': widget } : {}),
        'ui:disabled': isReadOnlyField(p) || !!own?.disabled,
        ...(own?.options ? { 'ui:options': own.options } : {}),
        ...(own?.placeholder ? { 'ui:placeholder': own.placeholder } : {}),
      };
    }
    return ui;
  }, [schema, fields, sections, fieldUi]);
  const registryWidgets = useMemo(() => (widgets ? { ...WIDGETS, ...widgets } : WIDGETS), [widgets]);
  const transformErrors = useCallback((errors: RJSFValidationError[]) => readableErrors(errors, fieldMessages), [fieldMessages]);

  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema>({});
  // Off while saving: a screen may navigate away once the save succeeded.
  const tracked = trackUnsaved && !readOnly;
  useUnsavedChanges(tracked && dirty && !saving, dirtyKey);

  const dirtyRef = useRef(false);
  const markDirty = useCallback(() => {
    if (dirtyRef.current) return;
    dirtyRef.current = true;
    // The store hears it now, not after the next render's effect: a change that comes in meanwhile
    // (the live feed, LiveRecordNotice) must meet the edit and ask, not take the record silently.
    if (dirtyKey && tracked) useUnsavedChangesStore.getState().setDirty(dirtyKey, true);
    setDirty(true);
  }, [dirtyKey, tracked]);
  // The latest committed data. RJSF resets a controlled form to its `formData` prop whenever any
  // prop changes, so a re-created form element gets the latest data, not the loaded record. The
  // data is not handed back on every change: RJSF keeps its own state, and an echo could race a
  // queued change. A new `formData` object resets the form; `pushed` re-creates the element when
  // the screen's onChange replaced the data.
  const latestData = useRef(formData);
  const [source, setSource] = useState(formData);
  const [pushed, setPushed] = useState(0);
  if (source !== formData) {
    // A new record keeps the user's unsaved edits of fields it did not change (rebase.ts).
    const { data, kept } = dirtyRef.current ? rebaseEdits(source, latestData.current, formData, fields) : { data: formData, kept: [] };
    setSource(formData);
    latestData.current = data;
    dirtyRef.current = kept.length > 0;
    setDirty(kept.length > 0);
    setMessage(null);
    setServerErrors({});
  }
  // The committed values for widgets that depend on other fields (ReferenceWidget's scope).
  const [dataStore] = useState(() => formDataStore(() => latestData.current));
  // The typed keys still being checked (pending-checks.ts): the save waits for them.
  const [pending] = useState(pendingChecks);
  const formContext = useMemo<SchemaFormContext>(
    () => ({ markDirty, initialData: formData, brandId, data: dataStore, pending }),
    [markDirty, formData, brandId, dataStore, pending],
  );
  const formRef = useRef<Form>(null);
  const shown = useMemo(() => new Set(fields), [fields]);
  const extraErrors = useMemo<ErrorSchema>(() => {
    const own = Object.entries(fieldErrors ?? {}).filter(([f, list]) => list.length && shown.has(f));
    if (!own.length) return serverErrors;
    const merged: Record<string, { __errors: string[] }> = { ...(serverErrors as Record<string, { __errors: string[] }>) };
    for (const [f, list] of own) merged[f] = { __errors: [...(merged[f]?.__errors ?? []), ...list] };
    return merged as ErrorSchema;
  }, [fieldErrors, serverErrors, shown]);

  const [checking, setChecking] = useState(false);
  const submit = () => {
    // Widgets commit on blur: blur the focused one first, then submit the committed data.
    (document.activeElement as HTMLElement | null)?.blur?.();
    // A key typed just now is being checked (the blur started it): the save waits for every check
    // and stops, with the form's message, when one left its field unresolved (the field says why).
    const checked = pending.size ? pending.settled() : null;
    if (checked) setChecking(true);
    // The check runs here (its errors go to onError), so a submit racing a just-committed change
    // cannot drop the error report; RJSF's submit checks again, the data being valid.
    setTimeout(async () => {
      const resolved = await (checked ?? true);
      if (checked) setChecking(false);
      const f = formRef.current;
      if (!resolved && !criteria) onError();
      else if (f && (readOnly || f.validateForm())) f.submit();
    }, 0);
  };
  useSaveShortcut(
    () => {
      if (!saving && !checking) submit();
    },
    !readOnly && !!onSave,
    () => formRef.current?.formElement.current as Element | null,
  );

  const onSubmitNow = async ({ formData: data }: { formData?: Record<string, unknown> }) => {
    if (!onSave || !data) return;
    const changes: Record<string, unknown> = {};
    for (const f of fields) if (!sameValue(data[f], formData[f]) && !isReadOnlyField(schema.properties[f])) changes[f] = data[f] ?? null;
    setSaving(true);
    try {
      const outcome = await onSave(changes, data);
      if (outcome?.Cancelled) return;
      if (outcome && (outcome.IsSuccessful === false || outcome.Errors?.length)) {
        const { schema: errs, other } = toErrorSchema(outcome.Errors ?? [], shown);
        setServerErrors(errs);
        setMessage([outcome.FormMessage ?? formErrorMessage, ...(outcome.Message && !outcome.Errors?.length ? [outcome.Message] : []), ...other]);
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
  const latest = useRef({ onSubmitNow, formErrorMessage, onDataChange, onInvalid });
  latest.current = { onSubmitNow, formErrorMessage, onDataChange, onInvalid };
  const onChange = useCallback(
    (e: { formData?: Record<string, unknown> }, id?: string) => {
      if (e.formData) {
        const replaced = latest.current.onDataChange?.(e.formData);
        latestData.current = replaced ?? e.formData;
        dataStore.changed();
        if (replaced) setPushed((n) => n + 1);
      }
      const field = id?.replace(/^root_/, '');
      if (field) setServerErrors((s) => (field in s ? withoutField(s, field) : s));
    },
    [dataStore],
  );
  const onSubmit = useCallback((e: unknown) => void latest.current.onSubmitNow(e as { formData?: Record<string, unknown> }), []);
  const onError = useCallback(() => {
    setMessage([latest.current.formErrorMessage]);
    latest.current.onInvalid?.();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pushed` and `source` re-create the element with the latest data
  const form = useMemo(
    () => (
      <Form
        ref={formRef}
        schema={rjsfSchema as never}
        uiSchema={uiSchema}
        formData={latestData.current}
        validator={validator}
        widgets={registryWidgets}
        templates={TEMPLATES}
        formContext={formContext}
        readonly={readOnly}
        liveValidate="onBlur"
        noHtml5Validate
        showErrorList={false}
        transformErrors={transformErrors}
        customValidate={customValidate}
        extraErrors={extraErrors}
        onChange={onChange}
        onSubmit={onSubmit}
        onError={onError}
      >
        {null}
      </Form>
    ),
    [
      rjsfSchema,
      uiSchema,
      source,
      pushed,
      formContext,
      readOnly,
      extraErrors,
      onChange,
      onSubmit,
      onError,
      validator,
      registryWidgets,
      transformErrors,
      customValidate,
    ],
  );

  const shownMessage = [...(ownMessage ?? []), ...(message ?? [])];

  return (
    <div className="schema-form">
      {shownMessage.length > 0 && (
        <div className="alert alert--error" role="alert">
          {shownMessage.length === 1 ? (
            shownMessage[0]
          ) : (
            <ul>
              {shownMessage.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <SectionPanelsContext.Provider value={panels}>{form}</SectionPanelsContext.Provider>
      {!readOnly && onSave && (
        <div className="schema-form__actions">
          {actions}
          <button
            type="button"
            className="btn btn--primary"
            onClick={submit}
            disabled={saving || checking}
            // The focused widget is blurred by submit(), not by the press: an error shown on that blur
            // would move the button between press and release and swallow the click.
            onMouseDown={(e) => e.preventDefault()}
          >
            {(saving || checking) && <span className="spinner" aria-hidden="true" />} {saveLabel}
          </button>
        </div>
      )}
    </div>
  );
}
