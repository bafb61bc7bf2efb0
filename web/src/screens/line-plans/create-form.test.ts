import { describe, expect, it } from 'vitest';
import { clearDependents } from '../../components/record/create-form';
import { createBody, LINE_PLAN_DEPENDENTS } from './create-form';

describe('line plan create form', () => {
  it('LP-018 the payload trims the name, sends no workflow group as null and the sub-season ids', () => {
    expect(createBody({ LinePlanName: ' SS27 Trail ', BrandId: 1, SeasonId: 3, ResponsibleId: 8, SubSeasonIds: [5, 6] })).toEqual({
      LinePlanName: 'SS27 Trail',
      BrandId: 1,
      SeasonId: 3,
      ResponsibleId: 8,
      WFGroupId: null,
      SubSeasonIds: [5, 6],
    });
    expect(createBody({}).SubSeasonIds).toEqual([]);
  });

  it('LP-017 a new brand clears the responsible (a user of that brand) and what else depends on it', () => {
    const prev = { BrandId: 1, SeasonId: 3, ResponsibleId: 8, WFGroupId: 1, SubSeasonIds: [5] };
    expect(clearDependents(prev, { ...prev, BrandId: 2 }, LINE_PLAN_DEPENDENTS)).toEqual({
      BrandId: 2,
      SeasonId: null,
      ResponsibleId: null,
      WFGroupId: null,
      SubSeasonIds: [],
    });
  });
});
