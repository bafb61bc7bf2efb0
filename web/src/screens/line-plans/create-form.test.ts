import { describe, expect, it } from 'vitest';
import { errorsByField, missingFields } from './create-form';

describe('line plan create form', () => {
  it('LP-015 names every missing required field', () => {
    expect(missingFields({ LinePlanName: '  ', BrandId: null, SeasonId: null, ResponsibleId: null, WFGroupId: null, SubSeasonIds: [] }))
      .toEqual({ LinePlanName: 'Required.', BrandId: 'Required.', SeasonId: 'Required.', ResponsibleId: 'Required.' });
    expect(missingFields({ LinePlanName: 'A', BrandId: 1, SeasonId: 2, ResponsibleId: 3, WFGroupId: null, SubSeasonIds: [] })).toEqual({});
  });

  it('LP-017 maps server field paths to form fields, first message per field', () => {
    expect(errorsByField([{ Field: '/ResponsibleId', Message: 'a' }, { Field: '/SubSeasonIds/1', Message: 'b' }, { Field: '/SubSeasonIds/0', Message: 'c' }]))
      .toEqual({ ResponsibleId: 'a', SubSeasonIds: 'b' });
  });
});
