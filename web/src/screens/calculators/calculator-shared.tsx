/**
 * What the margin and FOB calculators share (issue 16, CALC-001/002): the brand picker and its
 * defaults (GET /api/ELC/GetBrandDefaults), the typed inputs (a what-if: changing them saves
 * nothing; "Reset to brand defaults" brings the brand's values back), the duty preset picker
 * (CALC-004) and the cost inputs panel. The inputs' labels are the titles of the entity document
 * schemas/entities/calculator-brand-defaults.schema.json, like the brand defaults screen's.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { defaultLabels, type DefaultField, type DefaultLabels } from '@domain/calculators';
import { withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useSessionStore } from '../../auth/session-store';
import { sanitiseNumericInput } from '../../components/fields/numbers';
import { useEntitySchema } from '../../components/fields/schema-docs';
import { FormAlert } from '../../forms/FormAlert';
import { CALCULATOR_BRAND_DEFAULTS } from '@domain/access';
import { useAllowed } from '../../auth/access';
import { draftOf, dutyOptions, EMPTY_DRAFT, GET_BRAND_DEFAULTS, type BrandDefaultsAnswer, type Draft } from './calculator-draft';
import './calculators.css';
import { ChoiceField, brandChoices } from '../../components/fields/ChoiceField';

export const LOAD_ERROR = 'There was an error retrieving the brand defaults.';
/** The cost inputs both calculators show under the main ones. */
export const COST_FIELDS: readonly DefaultField[] = ['Freight', 'Inflation', 'Discount', 'SourceComm', 'Admin', 'Misc', 'RetailMU'];

/** The defaults' entity document (schemas/entities). */
export const DEFAULTS_ENTITY = 'calculator-brand-defaults';

/** The defaults' labels from their entity document (the field names until it is loaded). */
export function useDefaultLabels(): DefaultLabels {
  const { data } = useEntitySchema(DEFAULTS_ENTITY);
  return useMemo(() => defaultLabels(data), [data]);
}

/** The user's brands (default brand first choice), the chosen brand's defaults as editable text and the defaults' labels. */
export function useCalculatorBrand() {
  const session = useSessionStore((s) => s.session);
  const brands = useMemo(() => session?.brandPermissions ?? [], [session]);
  const initial = brands.some((b) => b.BrandId === session?.defaultBrandId) ? session!.defaultBrandId! : (brands[0]?.BrandId ?? 0);
  const [brandId, setBrandId] = useState<number>(initial);
  const { data, error, isLoading } = useSWR<BrandDefaultsAnswer>(brandId ? withQuery(GET_BRAND_DEFAULTS, { BrandId: brandId }) : null);
  const labels = useDefaultLabels();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);
  const defaults = useMemo(() => (data ? draftOf(data) : EMPTY_DRAFT), [data]);
  const changed = !!data && Object.keys(defaults).some((k) => defaults[k as DefaultField] !== draft[k as DefaultField]);
  return {
    brands,
    brandId,
    setBrandId,
    data,
    error,
    isLoading,
    draft,
    changed,
    labels,
    setField: (f: DefaultField, text: string) => setDraft((d) => ({ ...d, [f]: text })),
    reset: () => setDraft(defaults),
  };
}

export type CalculatorBrand = ReturnType<typeof useCalculatorBrand>;

export function BrandPicker({ calc, id }: { calc: CalculatorBrand; id: string }) {
  return <ChoiceField id={id} label="Brand" value={calc.brandId} choices={brandChoices(calc.brands)} onChange={(v) => calc.setBrandId(v ?? 0)} />;
}

/** A decimal input (CONST-013: digits and one decimal point, at most 8 characters). */
export function NumberField({ calc, field, label, hint }: { calc: CalculatorBrand; field: DefaultField; label?: string; hint?: string }) {
  const id = `calc-${field}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? calc.labels[field]}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={calc.draft[field]}
        maxLength={8}
        aria-invalid={calc.draft[field] === '' ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => calc.setField(field, sanitiseNumericInput(e.target.value, { decimals: true }))}
      />
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** CALC-004: the duty presets (and the brand's own duty when it is none of them). */
export function DutySelect({ calc }: { calc: CalculatorBrand }) {
  const options = dutyOptions(calc.data?.Duty === undefined ? '' : String(calc.data.Duty));
  const value = calc.draft.Duty;
  return (
    <div className="field">
      <label htmlFor="calc-Duty">{calc.labels.Duty}</label>
      <select id="calc-Duty" value={value} onChange={(e) => calc.setField('Duty', e.target.value)} aria-invalid={value === '' ? true : undefined}>
        {value === '' && <option value="">Choose a duty</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The inputs card: the screen's own fields first, then the cost inputs; the reset and the defaults' origin below. */
export function InputsCard({ calc, children, brandPickerId }: { calc: CalculatorBrand; children: ReactNode; brandPickerId: string }) {
  const canEditDefaults = useAllowed(CALCULATOR_BRAND_DEFAULTS);
  const d = calc.data;
  return (
    <section className="card calc-inputs" aria-label="Inputs">
      <BrandPicker calc={calc} id={brandPickerId} />
      <div className="calc-fields">{children}</div>
      <h2 className="calc-inputs__title">Costs</h2>
      <div className="calc-fields">
        {COST_FIELDS.map((f) => (
          <NumberField key={f} calc={calc} field={f} />
        ))}
      </div>
      <div className="calc-inputs__foot">
        <button type="button" className="btn btn--small" onClick={calc.reset} disabled={!calc.changed}>
          Reset to brand defaults
        </button>
        {canEditDefaults && (
          <Link className="btn btn--small btn--ghost" to={`/calculatorBrandDefaults?brandId=${calc.brandId}`}>
            Edit brand defaults
          </Link>
        )}
      </div>
      {d && !d.IsStored && <p className="field__hint">{d.BrandName} has no defaults of its own yet: the built-in ones are shown.</p>}
      {calc.error && <FormAlert messages={[errorText(calc.error, LOAD_ERROR)]} />}
    </section>
  );
}

/** What is still needed before a table can be computed. */
export function MissingInputs({ missing, labels }: { missing: readonly DefaultField[]; labels: DefaultLabels }) {
  if (!missing.length) return null;
  return <FormAlert kind="info" messages={[`Enter ${missing.map((f) => labels[f]).join(', ')} to calculate.`]} />;
}
