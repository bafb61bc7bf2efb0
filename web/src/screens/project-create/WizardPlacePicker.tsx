/**
 * The wizard's brand, season and line plan (Released or Completed) pickers: each needs the one before,
 * and all three are fixed once the grid has rows.
 */
import type { WizardPlace } from './use-wizard-place';
import { ChoiceField, brandChoices, seasonChoices } from '../../components/fields/ChoiceField';

export function WizardPlacePicker({ place, fixed }: { place: WizardPlace; fixed: boolean }) {
  const { brandId, seasonId, linePlanId, brands, seasons, linePlans, linePlanName } = place;
  return (
    <div className="wizard__place">
      <ChoiceField
        id="wizard-brand"
        label="Brand"
        value={brandId}
        choices={brandChoices(brands)}
        blank="Select a brand"
        disabled={fixed}
        onChange={place.pickBrand}
      />
      <ChoiceField
        id="wizard-season"
        label="Season"
        value={seasonId}
        choices={seasonChoices(seasons)}
        blank="Select a season"
        disabled={fixed || !brandId}
        onChange={place.pickSeason}
      />
      <ChoiceField
        id="wizard-line-plan"
        label="Line plan (Released or Completed)"
        value={linePlanId}
        choices={linePlans?.Results.map((l) => ({ value: l.LinePlanId, label: l.LinePlanName }))}
        blank={linePlans && !linePlans.Results.length ? 'No available line plans were found.' : 'Select a line plan'}
        extra={linePlanId && linePlanName ? { value: linePlanId, label: linePlanName } : undefined}
        disabled={fixed || !seasonId}
        onChange={place.setLinePlanId}
      />
    </div>
  );
}
