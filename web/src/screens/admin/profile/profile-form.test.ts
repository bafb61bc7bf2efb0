import { describe, expect, it } from 'vitest';
import { interpretedValidator } from '../../../components/schema-form/interpreted-validator';
import { formKind } from '../../../components/schema-form/form-kind';
import { optionsUrl, referenceOf } from '../../../components/schema-form/reference';
import { PROFILE_SCHEMA, withBrandChange } from './profile-form';

describe('profile defaults form', () => {
  it('PREF-011 brand, season and division are references (the season within the chosen brand)', () => {
    const s = PROFILE_SCHEMA;
    expect(formKind('DefaultBrandId', s.properties.DefaultBrandId)).toBe('reference');
    expect(optionsUrl(referenceOf(s.properties.DefaultSeasonId)!, { DefaultBrandId: 2 })).toBe('/api/Reference/seasons?BrandId=2');
    expect(optionsUrl(referenceOf(s.properties.DefaultSeasonId)!, { DefaultBrandId: null })).toBeNull();
    expect(optionsUrl(referenceOf(s.properties.DefaultDivisionKey)!, {})).toBe('/api/Reference/divisions');
    const ok = { DefaultBrandId: 2, DefaultSeasonId: 2, DefaultDivisionKey: 'M', UseDefaultsInQuickSearch: true };
    expect(interpretedValidator.isValid(s as never, ok, s as never)).toBe(true);
    expect(interpretedValidator.isValid(s as never, { ...ok, DefaultDivisionKey: 'X'.repeat(11) }, s as never)).toBe(false);
  });
  it('PREF-011 a new brand drops the season', () => {
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 2, DefaultSeasonId: 1 })).toEqual({
      DefaultBrandId: 2,
      DefaultSeasonId: null,
    });
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 1, DefaultSeasonId: 1 })).toBeUndefined();
  });
});
