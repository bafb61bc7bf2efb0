import { describe, expect, it } from 'vitest';
import { canCreatePatternFrom, createBody, emptyBriefValues, missingFields, SELECT_RELEASED_LINE_PLAN, serverFieldErrors } from './brief-form';

describe('brief create form', () => {
  it('BRIEF-004 brand, season, line plan and responsible are required; the line plan with its own message', () => {
    expect(missingFields(emptyBriefValues({ BriefName: ' ' }))).toEqual({
      BriefName: 'Required.', BrandId: 'Required.', SeasonId: 'Required.', LinePlanId: SELECT_RELEASED_LINE_PLAN, ResponsibleId: 'Required.',
    });
    expect(missingFields(emptyBriefValues({ BriefName: 'A', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4 }))).toEqual({});
  });

  it('BRIEF-007 the payload carries the seven fields, the name trimmed', () => {
    expect(createBody(emptyBriefValues({ BriefName: ' Trail ', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4, WFGroupId: 5, ParentBriefSeasonalId: 6 })))
      .toEqual({ BriefName: 'Trail', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4, WFGroupId: 5, ParentBriefSeasonalId: 6 });
  });

  it('BRIEF-004 server field errors land on their fields; unknown fields are dropped', () => {
    expect(serverFieldErrors([{ Field: '/LinePlanId', Message: SELECT_RELEASED_LINE_PLAN }, { Field: '/Other', Message: 'x' }]))
      .toEqual({ LinePlanId: SELECT_RELEASED_LINE_PLAN });
  });

  it('BRIEF-017 a pattern can be created only from status 2 or 3', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(canCreatePatternFrom)).toEqual([2, 3]);
  });
});
