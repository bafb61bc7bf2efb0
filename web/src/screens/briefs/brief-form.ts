/**
 * The brief create form without the screen (BRIEF-003..007): its values, the messages the
 * specification gives, the early check of the required fields (the server checks them again)
 * and the request body of CreateBriefSeasonal.
 */
export const REVIEW_FIELDS = 'Please review all fields indicated in red';
export const SELECT_RELEASED_LINE_PLAN = 'Select a Line Plan that is in Released Status.';
/** BRIEF-004: the create validation toast stays 4 s (spec 001 §9). */
export const CREATE_ERROR_TOAST_MS = 4000;
/** BRIEF-023: list page size. */
export const LINE_PLAN_PAGE_SIZE = 50;

export interface BriefCreateValues {
  BriefName: string;
  BrandId: number | null;
  SeasonId: number | null;
  LinePlanId: number | null;
  ResponsibleId: number | null;
  WFGroupId: number | null;
  ParentBriefSeasonalId: number | null;
}

export const emptyBriefValues = (over: Partial<BriefCreateValues> = {}): BriefCreateValues => ({
  BriefName: '', BrandId: null, SeasonId: null, LinePlanId: null, ResponsibleId: null, WFGroupId: null, ParentBriefSeasonalId: null, ...over,
});

export type FieldErrors = Partial<Record<keyof BriefCreateValues, string>>;

/** BRIEF-004: brand, season, line plan, responsible (and a name) are required. */
export function missingFields(v: BriefCreateValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.BriefName.trim()) errors.BriefName = 'Required.';
  if (!v.BrandId) errors.BrandId = 'Required.';
  if (!v.SeasonId) errors.SeasonId = 'Required.';
  if (!v.LinePlanId) errors.LinePlanId = SELECT_RELEASED_LINE_PLAN;
  if (!v.ResponsibleId) errors.ResponsibleId = 'Required.';
  return errors;
}

/** The server's `Errors [{ Field: '/X', Message }]` as field errors of this form. */
export function serverFieldErrors(errors: readonly { Field: string; Message: string }[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors ?? []) {
    const f = e.Field.replace(/^\//, '') as keyof BriefCreateValues;
    if (f in emptyBriefValues()) out[f] = e.Message;
  }
  return out;
}

/** BRIEF-007: the CreateBriefSeasonal payload. */
export function createBody(v: BriefCreateValues) {
  return {
    LinePlanId: v.LinePlanId, ParentBriefSeasonalId: v.ParentBriefSeasonalId, BriefName: v.BriefName.trim(), BrandId: v.BrandId,
    SeasonId: v.SeasonId, ResponsibleId: v.ResponsibleId, WFGroupId: v.WFGroupId,
  };
}

/** BRIEF-003: line plans in status 2 (Released) or 3 (Completed) take new briefs. */
export const canTakeBriefs = (statusId: unknown) => statusId === 2 || statusId === 3;

/** BRIEF-017: a pattern may be created from a brief in status 2 or 3. */
export const canCreatePatternFrom = (statusId: unknown) => statusId === 2 || statusId === 3;
/** Delete is offered for a Created brief (the server also requires no patterns). */
export const canOfferDelete = (statusId: unknown) => statusId === 1;
