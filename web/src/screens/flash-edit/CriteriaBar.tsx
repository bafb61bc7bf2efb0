/**
 * The criteria bar of a flash-edit screen: a select per reference criterion (choices within the
 * brand and season chosen), the factory by key or from the Factories search-help, free text;
 * Search (or Enter in any field) applies them. See criteria.ts.
 */
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { LookupDialog } from '../../components/lookup/LookupDialog';
import { useLookup } from '../../components/lookup/lookup-registry';
import { optionsUrl, type ReferenceOption } from '../../components/schema-form/reference';
import { CRITERIA_FIELDS, criteriaFieldsOf, TEXT_CRITERION, withCriterion, type Criteria, type CriterionField } from './criteria';

interface Props {
  /** The grid document's `criteria`. */
  fields: readonly string[] | undefined;
  value: Criteria;
  onChange: (next: Criteria) => void;
  onSearch: () => void;
  /** Label of the free-text field (what the grid's text filter searches). */
  textLabel: string;
  busy?: boolean;
}

export function CriteriaBar({ fields, value, onChange, onSearch, textLabel, busy }: Props) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form className="toolbar flash-criteria" onSubmit={submit} aria-label="Criteria">
      {criteriaFieldsOf(fields).map((f) => (
        <div className="field" key={f.field}>
          <label htmlFor={`${id}-${f.field}`}>{f.label}</label>
          {f.lookup ? (
            <LookupCriterion id={`${id}-${f.field}`} def={f} value={value} onChange={onChange} />
          ) : (
            <ReferenceCriterion id={`${id}-${f.field}`} def={f} value={value} onChange={onChange} />
          )}
        </div>
      ))}
      <div className="field flash-criteria__text">
        <label htmlFor={`${id}-text`}>Search text</label>
        <input
          id={`${id}-text`}
          type="search"
          autoComplete="off"
          placeholder={textLabel}
          title={textLabel}
          value={String(value[TEXT_CRITERION] ?? '')}
          onChange={(e) => onChange(withCriterion(value, TEXT_CRITERION, e.target.value))}
        />
      </div>
      <button type="submit" className="btn btn--primary flash-criteria__search" disabled={busy}>
        Search
      </button>
    </form>
  );
}

type CriterionProps = { id: string; def: CriterionField; value: Criteria; onChange: (next: Criteria) => void };

function ReferenceCriterion({ id, def, value, onChange }: CriterionProps) {
  const url = optionsUrl({ source: def.source!, scope: def.scope }, value);
  const { data } = useSWR<ReferenceOption[]>(url);
  const options = data ?? [];
  const current = options.findIndex((o) => o.value === value[def.field]);
  const waiting =
    !url && def.scope
      ? `Choose a ${Object.values(def.scope)
          .filter((f) => value[f] === undefined)
          .map((f) => CRITERIA_FIELDS[f]?.label.toLowerCase() ?? f)
          .join(' and ')}`
      : undefined;
  return (
    <select
      id={id}
      value={current < 0 ? '' : String(current)}
      disabled={!url}
      title={waiting}
      onChange={(e) => onChange(withCriterion(value, def.field, e.target.value === '' ? null : (options[Number(e.target.value)]?.value as string | number)))}
    >
      <option value="">{waiting ? '—' : 'All'}</option>
      {/* A remembered value not offered any more stays shown until changed. */}
      {current < 0 && value[def.field] !== undefined && data && (
        <option value="" disabled>
          (not available)
        </option>
      )}
      {options.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function LookupCriterion({ id, def, value, onChange }: CriterionProps) {
  const [open, setOpen] = useState(false);
  const { info } = useLookup(def.lookup);
  const key = String(value[def.field] ?? '');
  const name = def.nameField ? value[def.nameField] : undefined;
  const brandId = typeof value.BrandId === 'number' ? value.BrandId : undefined;
  return (
    <div className="lookup-input">
      <div className="lookup-input__row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={key}
          maxLength={10}
          title={typeof name === 'string' ? name : undefined}
          onChange={(e) => onChange(withCriterion(value, def.field, e.target.value.trim()))}
        />
        <button type="button" className="icon-btn lookup-input__search" aria-label={`Search ${def.label.toLowerCase()}`} onClick={() => setOpen(true)}>
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      </div>
      {typeof name === 'string' && name && <span className="field__hint">{name}</span>}
      {open && (
        <LookupDialog
          lookup={def.lookup!}
          initialText={key || undefined}
          brandId={brandId}
          onClose={() => setOpen(false)}
          onPick={(row) => {
            setOpen(false);
            if (!info) return;
            const described = def.nameField ? { [def.nameField]: String(row[info.descriptionField] ?? '') } : undefined;
            onChange(withCriterion(value, def.field, String(row[info.keyField] ?? ''), described));
          }}
        />
      )}
    </div>
  );
}
