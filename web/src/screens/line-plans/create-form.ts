/** The create form's own checks before the server's (LP-015): the fields it needs, by name. */
export interface CreateDraft { LinePlanName: string; BrandId: number | null; SeasonId: number | null; ResponsibleId: number | null; WFGroupId: number | null; SubSeasonIds: number[] }

/** LP-015 */
export const REVIEW_FIELDS = 'Please review all fields indicated in red';

export function missingFields(d: CreateDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!d.LinePlanName.trim()) out.LinePlanName = 'Required.';
  if (!d.BrandId) out.BrandId = 'Required.';
  if (!d.SeasonId) out.SeasonId = 'Required.';
  if (!d.ResponsibleId) out.ResponsibleId = 'Required.';
  return out;
}

/** The server's field errors ('/SubSeasonIds/0') by form field ('SubSeasonIds'). */
export function errorsByField(errors: readonly { Field: string; Message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const field = e.Field.replace(/^\//, '').split('/')[0] || 'form';
    out[field] ??= e.Message;
  }
  return out;
}
