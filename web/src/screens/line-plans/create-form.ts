/** The line plan create form's rules without the screen (LP-015..017): messages, clearing and the create payload. */
import type { Dependents, Values } from '../../components/record/create-form';
import { trimmed } from '../../components/record/create-form';

/** LP-015 */
export const REVIEW_FIELDS = 'Please review all fields indicated in red';

/** A new brand clears its season, responsible, workflow group and sub-seasons; a new season its sub-seasons. */
export const LINE_PLAN_DEPENDENTS: Dependents = {
  BrandId: ['SeasonId', 'ResponsibleId', 'WFGroupId', 'SubSeasonIds'],
  SeasonId: ['SubSeasonIds'],
};

/** The CreateLinePlan payload (LP-018): the name trimmed, no workflow group as null, sub-seasons as a list. */
export function createBody(v: Values) {
  return {
    LinePlanName: trimmed(v.LinePlanName) ?? '',
    BrandId: v.BrandId ?? null,
    SeasonId: v.SeasonId ?? null,
    ResponsibleId: v.ResponsibleId ?? null,
    WFGroupId: v.WFGroupId ?? null,
    SubSeasonIds: Array.isArray(v.SubSeasonIds) ? v.SubSeasonIds : [],
  };
}
