/**
 * The wizard's brand, season and line plan (Released or Completed) pickers: each needs the one before,
 * and all three are fixed once the grid has rows.
 */
import type { WizardPlace } from './use-wizard-place';

export function WizardPlacePicker({ place, fixed }: { place: WizardPlace; fixed: boolean }) {
  const { brandId, seasonId, linePlanId, brands, seasons, linePlans, linePlanName } = place;
  return (
    <div className="wizard__place">
      <div className="field">
        <label htmlFor="wizard-brand">Brand</label>
        <select id="wizard-brand" value={brandId ?? ''} disabled={fixed} onChange={(e) => place.pickBrand(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Select a brand</option>
          {brands?.map((b) => (
            <option key={b.BrandId} value={b.BrandId}>
              {b.BrandName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="wizard-season">Season</label>
        <select
          id="wizard-season"
          value={seasonId ?? ''}
          disabled={fixed || !brandId}
          onChange={(e) => place.pickSeason(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Select a season</option>
          {seasons?.map((s) => (
            <option key={s.SeasonId} value={s.SeasonId}>
              {s.SeasonName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="wizard-line-plan">Line plan (Released or Completed)</label>
        <select
          id="wizard-line-plan"
          value={linePlanId ?? ''}
          disabled={fixed || !seasonId}
          onChange={(e) => place.setLinePlanId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{linePlans && !linePlans.Results.length ? 'No available line plans were found.' : 'Select a line plan'}</option>
          {linePlans?.Results.map((l) => (
            <option key={l.LinePlanId} value={l.LinePlanId}>
              {l.LinePlanName}
            </option>
          ))}
          {linePlanId && !linePlans?.Results.some((l) => l.LinePlanId === linePlanId) && linePlanName && <option value={linePlanId}>{linePlanName}</option>}
        </select>
      </div>
    </div>
  );
}
