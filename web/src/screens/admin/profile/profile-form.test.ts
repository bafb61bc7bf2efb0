import { describe, expect, it } from 'vitest';
import { interpretedValidator } from '../../../components/schema-form/interpreted-validator';
import { optionsOf } from '../../../components/schema-form/options';
import { profileSchema, withBrandChange } from './profile-form';

const seasons = [{ SeasonId: 1, BrandId: 1, SeasonName: 'SS26' }, { SeasonId: 2, BrandId: 2, SeasonName: 'FW26' }];

describe('profile defaults form', () => {
  it('PREF-011 offers the seasons of the chosen brand, with None', () => {
    const s = profileSchema([{ BrandId: 1, BrandName: 'A' }, { BrandId: 2, BrandName: 'B' }], seasons, [{ DivisionKey: 'M', DivisionName: 'Men' }], 2);
    expect(optionsOf(s.properties.DefaultSeasonId)).toEqual([{ value: null, label: 'None' }, { value: 2, label: 'FW26' }]);
    expect(s.properties.DefaultBrandId.title).toBe('Default brand');
    const ok = { DefaultBrandId: 2, DefaultSeasonId: 2, DefaultDivisionKey: 'M', UseDefaultsInQuickSearch: true };
    expect(interpretedValidator.isValid(s as never, ok, s as never)).toBe(true);
    expect(interpretedValidator.isValid(s as never, { ...ok, DefaultSeasonId: 1 }, s as never)).toBe(false);
  });
  it('PREF-011 a new brand drops the season', () => {
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 2, DefaultSeasonId: 1 })).toEqual({ DefaultBrandId: 2, DefaultSeasonId: null });
    expect(withBrandChange({ DefaultBrandId: 1, DefaultSeasonId: 1 }, { DefaultBrandId: 1, DefaultSeasonId: 1 })).toBeUndefined();
  });
});
