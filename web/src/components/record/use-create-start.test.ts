import { describe, expect, it } from 'vitest';
import type { Session } from '../../auth/session';
import { defaultBrandOf, requestedStart, startWhat, withDefaultBrand } from './use-create-start';

const start = () => ({ values: {}, fixed: [] });
const fromParent = {
  param: 'briefSeasonalId',
  url: (id: number) => `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`,
  start,
  notFound: 'The brief was not found.',
};
const fromCopy = {
  param: 'parentPatternSeasonalId',
  url: (id: number) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`,
  start,
  notFound: 'x',
};
const session = (over: Partial<Session>) => ({ defaultBrandId: null, brandPermissions: [{ BrandId: 2 }, { BrandId: 1 }], ...over }) as unknown as Session;

describe('create start', () => {
  it('BRIEF-001 PAT-001 CW-001 the route names the start: empty, from the parent, or a copy', () => {
    expect(requestedStart({}, { fromParent, fromCopy })).toEqual({ from: 'empty' });
    expect(requestedStart({ briefSeasonalId: '14' }, { fromParent, fromCopy })).toEqual({ from: 'parent', id: 14, source: fromParent });
    expect(requestedStart({ parentPatternSeasonalId: '7' }, { fromParent, fromCopy })).toEqual({ from: 'copy', id: 7, source: fromCopy });
  });

  it('BRIEF-001 PAT-001 CW-001 a start id that is not a positive whole number is refused (the not-found state, issue 27)', () => {
    for (const bad of ['0', 'abc', '-3', '1.5']) expect(requestedStart({ briefSeasonalId: bad }, { fromParent, fromCopy })).toBeNull();
    expect(requestedStart({ parentPatternSeasonalId: 'x' }, { fromParent, fromCopy })).toBeNull();
    expect(['linePlanId', 'parentBriefSeasonalId', 'patternSeasonalId', 'parentPrototypeSeasonalId', 'other'].map(startWhat)).toEqual([
      'Line Plan',
      'Brief',
      'Pattern',
      'Colorway',
      'Record',
    ]);
  });

  it('LP-001 a screen without parent or copy starts empty whatever the parameters', () => {
    expect(requestedStart({ briefSeasonalId: '4' }, {})).toEqual({ from: 'empty' });
  });

  it('PREF-008 CW-003 the form takes the user default brand, else (when asked) the first brand; the start brand wins', () => {
    expect(defaultBrandOf(session({ defaultBrandId: 1 }), 'defaultOrFirst')).toBe(1);
    expect(defaultBrandOf(session({}), 'defaultOrFirst')).toBe(2);
    expect(defaultBrandOf(session({}), 'default')).toBeNull();
    expect(defaultBrandOf(null, 'defaultOrFirst')).toBeNull();
    expect(withDefaultBrand({ values: { SeasonId: 3 }, fixed: [] }, 2).values).toEqual({ BrandId: 2, SeasonId: 3 });
    expect(withDefaultBrand({ values: { BrandId: 1 }, fixed: ['BrandId'] }, 2).values).toEqual({ BrandId: 1 });
  });
});
