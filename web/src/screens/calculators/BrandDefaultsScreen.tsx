/**
 * /calculatorBrandDefaults (CALC-002, ADR 027): an administrator (10/2 and 18/2) edits a brand's
 * calculator defaults: the eleven values, labelled with the titles of their entity document and
 * checked with the server's rule (@domain/calculators defaultsProblems) before saving; Save or
 * Ctrl+S; leaving or switching brands with unsaved changes asks first; who changed them last is shown.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { DEFAULT_FIELDS, defaultsProblems, MONEY_FIELDS, type DefaultField } from '@domain/calculators';
import { ApiError, apiFetch, withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useSessionStore } from '../../auth/session-store';
import { isoToDisplay } from '../../components/fields/dates';
import { sanitiseNumericInput } from '../../components/fields/numbers';
import { FormAlert } from '../../forms/FormAlert';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { draftOf, EMPTY_DRAFT, GET_BRAND_DEFAULTS, parseDraft, UPDATE_BRAND_DEFAULTS, type BrandDefaultsAnswer, type Draft } from './calculator-draft';
import { LOAD_ERROR, useDefaultLabels } from './calculator-shared';
import './calculators.css';
import { ChoiceField, brandChoices } from '../../components/fields/ChoiceField';

const SAVED = 'Record Saved Successfully.';
const SAVE_ERROR = 'There was an error while saving the record. Please contact your system administrator';
const REVIEW = 'Please review all fields indicated in red.';

const hintOf = (f: DefaultField) =>
  MONEY_FIELDS.has(f) ? (f === 'Increment' ? 'Step between MSRP rows' : 'Per pair') : f === 'RetailMU' ? 'Factor, e.g. 2.2' : 'Percent';

export function BrandDefaultsScreen() {
  const session = useSessionStore((s) => s.session);
  const brands = useMemo(() => session?.brandPermissions ?? [], [session]);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('brandId'));
  const brandId = brands.some((b) => b.BrandId === asked)
    ? asked
    : brands.some((b) => b.BrandId === session?.defaultBrandId)
      ? session!.defaultBrandId!
      : (brands[0]?.BrandId ?? 0);
  const { data, error, mutate } = useSWR<BrandDefaultsAnswer>(brandId ? withQuery(GET_BRAND_DEFAULTS, { BrandId: brandId }) : null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<DefaultField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [pendingBrand, setPendingBrand] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const labels = useDefaultLabels();

  const saved = useMemo(() => (data ? draftOf(data) : EMPTY_DRAFT), [data]);
  useEffect(() => {
    setDraft(saved);
    setErrors({});
  }, [saved]);
  const dirty = !!data && DEFAULT_FIELDS.some((f) => draft[f] !== saved[f]);
  useUnsavedChanges(dirty);

  const chooseBrand = (id: number) => setParams({ brandId: String(id) }, { replace: true });
  const askBrand = (id: number) => (dirty ? setPendingBrand(id) : chooseBrand(id));

  const check = (): Partial<Record<DefaultField, number>> | null => {
    const { values, missing } = parseDraft(draft, DEFAULT_FIELDS);
    const found: Partial<Record<DefaultField, string>> = {};
    for (const f of missing) found[f] = `${labels[f]} is required.`;
    if (!missing.length) for (const p of defaultsProblems(values, labels)) found[p.Field] = p.Message;
    setErrors(found);
    return Object.keys(found).length ? null : values;
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || !data) return;
    const values = check();
    if (!values) {
      toast.warning(REVIEW);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ BrandDefaults: BrandDefaultsAnswer }>(UPDATE_BRAND_DEFAULTS, { json: { BrandId: brandId, ...values } });
      await mutate(answer.BrandDefaults, { revalidate: false });
      toast.success(SAVED);
    } catch (err) {
      const fields = err instanceof ApiError ? ((err.body as { Errors?: { Field: string; Message: string }[] } | null)?.Errors ?? []) : [];
      setErrors(Object.fromEntries(fields.filter((x) => (DEFAULT_FIELDS as readonly string[]).includes(x.Field)).map((x) => [x.Field, x.Message])));
      toast.error(errorText(err, SAVE_ERROR));
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(
    () => {
      void save();
    },
    !!data,
    () => form.current,
  );

  return (
    <>
      <PageHeader
        title="Calculator Brand Defaults"
        subtitle="What the margin and FOB calculators start with, per brand"
        actions={
          <>
            <Link className="btn" to="/margin">
              Margin Calculator
            </Link>
            <Link className="btn" to="/fob">
              FOB Calculator
            </Link>
          </>
        }
      />
      <form ref={form} className="card calc-defaults" onSubmit={save} noValidate aria-label="Brand defaults">
        <ChoiceField
          id="bd-brand"
          label="Brand"
          className="field calc-defaults__brand"
          value={brandId}
          choices={brandChoices(brands)}
          onChange={(v) => askBrand(v ?? 0)}
        />
        {error && <FormAlert messages={[errorText(error, LOAD_ERROR)]} />}
        <div className="calc-defaults__grid">
          {DEFAULT_FIELDS.map((f) => (
            <div className="field" key={f}>
              <label htmlFor={`bd-${f}`}>{labels[f]}</label>
              <input
                id={`bd-${f}`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={8}
                value={draft[f]}
                disabled={!data}
                aria-invalid={errors[f] ? true : undefined}
                aria-describedby={`bd-${f}-note`}
                onChange={(e) => {
                  setDraft({ ...draft, [f]: sanitiseNumericInput(e.target.value, { decimals: true }) });
                }}
              />
              {errors[f] ? (
                <span id={`bd-${f}-note`} className="field__error">
                  {errors[f]}
                </span>
              ) : (
                <span id={`bd-${f}-note`} className="field__hint">
                  {hintOf(f)}
                </span>
              )}
            </div>
          ))}
        </div>
        <div className="form__actions calc-defaults__actions">
          <span className="muted">
            {data &&
              (data.IsStored
                ? `Last changed ${isoToDisplay(data.ChangedOn?.slice(0, 10))}${data.ChangedByName ? ` by ${data.ChangedByName}` : ''}`
                : `${data.BrandName} has no defaults of its own yet: the built-in ones are shown.`)}
          </span>
          <span className="spacer" />
          <button
            type="button"
            className="btn"
            disabled={!dirty || busy}
            onClick={() => {
              setDraft(saved);
              setErrors({});
            }}
          >
            Revert
          </button>
          <button type="submit" className="btn btn--primary" disabled={!data || busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      {pendingBrand !== null && (
        <ConfirmDialog
          title="Unsaved changes"
          message="The defaults of this brand have unsaved changes. Discard them?"
          confirmLabel="Discard"
          danger
          onCancel={() => setPendingBrand(null)}
          onConfirm={() => {
            chooseBrand(pendingBrand);
            setPendingBrand(null);
          }}
        />
      )}
    </>
  );
}
