/**
 * The pattern create form without the screen (PAT-008..011): its values, the messages the
 * specification gives, the early required-field check (the server checks everything again) and
 * the CreatePatternSeasonal payload; plus the small rules the record screen mirrors.
 */
export const REVIEW_FIELDS = 'Please review all fields indicated in red.';
export const SELECT_RELEASED_BRIEF = 'Select a Brief that is in Released Status.';
export const PATTERN_INVALID = 'Pattern Invalid: The pattern you are looking for was not found.';
/** PAT-011: briefs in these statuses take patterns; only 2 (Released) is chosen by itself. */
export const BRIEF_STATUSES = [2, 3] as const;
export const BRIEF_PAGE_SIZE = 50;

export interface PatternCreateValues {
  PatternName: string;
  PatternNameKey: string;
  GenderKey: string;
  BrandId: number | null;
  SeasonId: number | null;
  BriefSeasonalId: number | null;
  ResponsibleId: number | null;
  WFGroupId: number | null;
  ParentPatternSeasonalId: number | null;
}

export type PatternField = keyof PatternCreateValues;
export type PatternFieldErrors = Partial<Record<PatternField, string>>;

export function patternValues(start: Partial<PatternCreateValues> = {}): PatternCreateValues {
  return {
    PatternName: '', PatternNameKey: '', GenderKey: '', BrandId: null, SeasonId: null, BriefSeasonalId: null,
    ResponsibleId: null, WFGroupId: null, ParentPatternSeasonalId: null, ...start,
  };
}

/** PAT-008: name, brand, season, a released brief, gender (unless copied) and responsible are needed. */
export function requiredErrors(v: PatternCreateValues): PatternFieldErrors {
  const required: [PatternField, boolean][] = [
    ['PatternName', !!v.PatternName.trim()], ['BrandId', !!v.BrandId], ['SeasonId', !!v.SeasonId],
    ['GenderKey', !!v.GenderKey || !!v.ParentPatternSeasonalId], ['ResponsibleId', !!v.ResponsibleId],
  ];
  const errors: PatternFieldErrors = Object.fromEntries(required.filter(([, ok]) => !ok).map(([f]) => [f, 'Required.']));
  if (!v.BriefSeasonalId) errors.BriefSeasonalId = SELECT_RELEASED_BRIEF;
  return errors;
}

/** The server's `[{ Field: '/X', Message }]` for the fields of this form. */
export function fieldErrorsOf(errors: readonly { Field: string; Message: string }[] | undefined): PatternFieldErrors {
  const known = new Set(Object.keys(patternValues()));
  return Object.fromEntries((errors ?? []).map((e) => [e.Field.replace(/^\//, ''), e.Message]).filter(([f]) => known.has(f)));
}

/** The CreatePatternSeasonal payload: empty optional values are left out. */
export function createPayload(v: PatternCreateValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v, PatternName: v.PatternName.trim(), PatternNameKey: v.PatternNameKey.trim() };
  return Object.fromEntries(Object.entries(body).filter(([, x]) => x !== null && x !== ''));
}

/** PAT-013: the adopt toggle is offered when the server allows (CanAdopt, which includes status 2 and the permission). */
export const adoptToggleEnabled = (canAdopt: boolean | undefined, statusId: unknown) => canAdopt === true && statusId === 2;
