/**
 * A labelled picker of named choices by id: the brand, season and line plan of a screen's criteria
 * (buy-ready, carryover, forecasts, calculators, libraries, the project-create wizard, profile defaults) and
 * the role filters of the user screens.
 * `blank`: a first option meaning none (value null), with its text ("Select a brand", "No line plan in this
 * season"); `extra`: a choice to show although the list lacks it (a kept value no longer offered).
 */
export interface Choice {
  value: number;
  label: string;
}

interface ChoiceFieldProps {
  id: string;
  label: string;
  value: number | null;
  choices: readonly Choice[] | undefined;
  onChange: (value: number | null) => void;
  blank?: string;
  extra?: Choice;
  disabled?: boolean;
  className?: string;
}

export function ChoiceField({ id, label, value, choices, onChange, blank, extra, disabled, className = 'field' }: ChoiceFieldProps) {
  const shown = extra && !choices?.some((c) => c.value === extra.value) ? [...(choices ?? []), extra] : choices;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        {blank !== undefined && <option value="">{blank}</option>}
        {shown?.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A user's brands (the session's brand permissions) as choices. */
export const brandChoices = (brands: readonly { BrandId: number; BrandName: string }[] | undefined) =>
  brands?.map((b) => ({ value: b.BrandId, label: b.BrandName }));

/** Seasons as choices. */
export const seasonChoices = (seasons: readonly { SeasonId: number; SeasonName: string }[] | undefined) =>
  seasons?.map((s) => ({ value: s.SeasonId, label: s.SeasonName }));
