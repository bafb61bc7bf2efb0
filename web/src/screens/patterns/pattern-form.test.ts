import { describe, expect, it } from 'vitest';
import { adoptToggleEnabled, createPayload, fieldErrorsOf, patternValues, requiredErrors, SELECT_RELEASED_BRIEF } from './pattern-form';

describe('pattern create form', () => {
  it('PAT-008 an empty form names every required field and asks for a released brief', () => {
    expect(requiredErrors(patternValues())).toEqual({
      PatternName: 'Required.', BrandId: 'Required.', SeasonId: 'Required.', GenderKey: 'Required.', ResponsibleId: 'Required.',
      BriefSeasonalId: SELECT_RELEASED_BRIEF,
    });
  });

  it('PAT-008 a complete form has no errors; a copy takes the gender from its parent', () => {
    const v = patternValues({ PatternName: 'Trail', BrandId: 1, SeasonId: 1, BriefSeasonalId: 4, GenderKey: '01', ResponsibleId: 3 });
    expect(requiredErrors(v)).toEqual({});
    expect(requiredErrors({ ...v, GenderKey: '', ParentPatternSeasonalId: 9 })).toEqual({});
    expect(requiredErrors({ ...v, PatternName: '   ' })).toEqual({ PatternName: 'Required.' });
  });

  it('maps the server field errors onto the form and drops unknown ones', () => {
    expect(fieldErrorsOf([{ Field: '/PatternNameKey', Message: 'taken' }, { Field: '/Other', Message: 'x' }])).toEqual({ PatternNameKey: 'taken' });
  });

  it('the payload trims the name and key and leaves out empty values', () => {
    expect(createPayload(patternValues({ PatternName: ' Trail ', PatternNameKey: '', BrandId: 1, GenderKey: '01' })))
      .toEqual({ PatternName: 'Trail', BrandId: 1, GenderKey: '01' });
  });

  it('PAT-013 the adopt toggle needs CanAdopt and status 2', () => {
    expect(adoptToggleEnabled(true, 2)).toBe(true);
    expect(adoptToggleEnabled(true, 1)).toBe(false);
    expect(adoptToggleEnabled(false, 2)).toBe(false);
    expect(adoptToggleEnabled(undefined, 2)).toBe(false);
  });
});
