import { describe, expect, it } from 'vitest';
import { interpretedValidator } from '../../../components/schema-form/interpreted-validator';
import { formKind } from '../../../components/schema-form/form-kind';
import { optionsOf } from '../../../components/schema-form/options';
import { optionsUrl, referenceOf } from '../../../components/schema-form/reference';
import { profileSchema, withBrandChange } from './profile-form';

describe('profile defaults form', () => {
  it('PREF-011 brand and season are references (the season within the chosen brand); divisions are options with None', () => {
    const s = profileSchema([{ DivisionKey: 'M', DivisionName: 'Men' }]);
    expect(formKind('DefaultBrandId', s.properties.DefaultBrandId)).toBe('reference');
    expect(optionsUrl(referenceOf(s.properties.DefaultSeasonId)!, { DefaultBrandId: 2 })).toBe('/api/Reference/seasons?BrandId=2');
    expect(optionsUrl(referenceOf(s.properties.DefaultSeasonId)!, { DefaultBrandId: null })).toBeNull();
    expect(optionsOf(s.properties.DefaultDivisionKey)).toEqual([{ value: null, label: 'None' }, { value: 'M', label: 'Men' }]);
    const ok = { DefaultBrandId: 2, DefaultSeasonId: 2, DefaultDivisionKey: 'M', UseDefaultsInQuickSearch: true };
    expect(interpretedValidator.isValid(s as never, ok, s as never)).toBe(true);
    expect(interpretedValidator.isValid(s as never, { ...ok, DefaultDivisionKey: 'X' }, s as never)).toBe(false);
  });
  it('PREF-011 a new brand drops the season', () => {
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 2, DefaultSeasonId: 1 })).toEqual({ DefaultBrandId: 2, DefaultSeasonId: null });
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 1, DefaultSeasonId: 1 })).toBeUndefined();
  });
});
