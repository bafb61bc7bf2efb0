/**
 * The criteria bar of a flash-edit screen: a select per reference criterion (choices within the
 * brand and season chosen), the factory by key (checked, LOOKUP-011/012) or from the Factories
 * search-help, free text; Search (or Enter in any field) applies them. See criteria.ts.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { LookupDialog } from '../../components/lookup/LookupDialog';
import { CHECKING_LOOKUP_MESSAGE, INVALID_LOOKUP_MESSAGE, useTypedKey } from '../../components/lookup/use-typed-key';
import { pendingChecks, type PendingChecks } from '../../components/schema-form/pending-checks';
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
  // A factory key being checked (LOOKUP-011): Search waits for it, then goes on with the criteria it left.
  const [pending] = useState(pendingChecks);
  const search = useRef(onSearch);
  search.current = onSearch;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void pending.settled().then((ok) => ok && search.current());
  };
  return (
    <form className="toolbar flash-criteria" onSubmit={submit} aria-label="Criteria">
      {criteriaFieldsOf(fields).map((f) => (
        <div className="field" key={f.field}>
          <label htmlFor={`${id}-${f.field}`}>{f.label}</label>
          {f.lookup ? (
            <LookupCriterion id={`${id}-${f.field}`} def={f} value={value} onChange={onChange} pending={pending} />
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

/**
 * The factory by key, checked when it changed and is left (use-typed-key.ts, LOOKUP-011/012): a key
 * that matches nothing stays out of the search, said so; several open the search-help. The bar's
 * Search waits for the check, and goes on unless the search-help is open or the check failed.
 */
function LookupCriterion({ id, def, value, onChange, pending }: CriterionProps & { pending: PendingChecks }) {
  const [editing, setEditing] = useState<string | null>(null);
  const key = String(value[def.field] ?? '');
  const name = def.nameField ? value[def.nameField] : undefined;
  const brandId = typeof value.BrandId === 'number' ? value.BrandId : undefined;
  // The criteria as they are now: a check's answer applies to them, not to those of the render that started it.
  const now = useRef(value);
  now.current = value;
  const typedKey = useTypedKey(def.lookup, {
    take: (k, row, known) => {
      const described = def.nameField && row && known ? { [def.nameField]: String(row[known.descriptionField] ?? '') } : undefined;
      onChange(withCriterion(now.current, def.field, k, described));
    },
    clear: () => onChange(withCriterion(now.current, def.field, null)),
  });
  const { typed } = typedKey;
  const commit = () => {
    if (editing === null) return;
    const text = editing.trim();
    setEditing(null);
    if (!text) return typedKey.take('');
    if (text === key && !typed) return; // LOOKUP-011: only a changed value is checked
    pending.add(typedKey.check(text, brandId).then((r) => r !== 'several' && r !== 'failed'));
  };
  const invalid = typed?.state === 'none' && editing === null;
  const shown = editing ?? typed?.text ?? key;
  return (
    <div className="lookup-input">
      <div className="lookup-input__row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={shown}
          maxLength={10}
          title={typeof name === 'string' ? name : undefined}
          aria-invalid={invalid || undefined}
          aria-busy={typed?.state === 'checking' || undefined}
          onChange={(e) => setEditing(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        <button
          type="button"
          className="icon-btn lookup-input__search"
          aria-label={`Search ${def.label.toLowerCase()}`}
          onClick={() => typedKey.openDialog(shown)}
        >
          <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
            <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      </div>
      {invalid && (
        <span className="field__error" role="alert">
          {INVALID_LOOKUP_MESSAGE}
        </span>
      )}
      {typed?.state === 'checking' && editing === null && (
        <span className="lookup-input__checking" role="status">
          {CHECKING_LOOKUP_MESSAGE}
        </span>
      )}
      {typeof name === 'string' && name && !typed && <span className="field__hint">{name}</span>}
      {typedKey.dialog !== null && (
        <LookupDialog lookup={def.lookup!} initialText={typedKey.dialog || undefined} brandId={brandId} onClose={typedKey.closeDialog} onPick={typedKey.pick} />
      )}
    </div>
  );
}
