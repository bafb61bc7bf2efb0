import { describe, expect, it } from 'vitest';
import { criteriaFieldsOf, dependentsOf, filtersOf, parseCriteria, withCriterion } from './criteria';

describe('flash-edit criteria (issue 12)', () => {
  it("the bar follows the grid document's order and leaves out unknown fields", () => {
    expect(criteriaFieldsOf(['SeasonId', 'BrandId', 'Nope', 'FactNameKy']).map((f) => f.label)).toEqual(['Season', 'Brand', 'Factory']);
  });

  it('a season belongs to its brand and a line plan to both: changing the brand clears them', () => {
    expect(dependentsOf('BrandId').sort()).toEqual(['LinePlanId', 'SeasonId']);
    const c = { BrandId: 1, SeasonId: 2, LinePlanId: 3, StatusId: 1 };
    expect(withCriterion(c, 'BrandId', 4)).toEqual({ BrandId: 4, StatusId: 1 });
    expect(withCriterion(c, 'SeasonId', 5)).toEqual({ BrandId: 1, SeasonId: 5, StatusId: 1 });
    expect(withCriterion(c, 'BrandId', 1)).toEqual(c);
    expect(withCriterion(c, 'StatusId', null)).toEqual({ BrandId: 1, SeasonId: 2, LinePlanId: 3 });
  });

  it('a picked factory keeps its name beside the key; typing another key drops the name', () => {
    const picked = withCriterion({}, 'FactNameKy', 'F001', { FactoryName: 'Summit Shoes' });
    expect(picked).toEqual({ FactNameKy: 'F001', FactoryName: 'Summit Shoes' });
    expect(withCriterion(picked, 'FactNameKy', 'F002')).toEqual({ FactNameKy: 'F002' });
  });

  it('the grid filters carry the listed criteria and trimmed free text, never the descriptions', () => {
    const c = { BrandId: 1, GenderKey: 'M', FactNameKy: 'F001', FactoryName: 'Summit', searchText: '  boot ', DivisionKey: 'X' };
    expect(filtersOf(c, ['BrandId', 'GenderKey', 'FactNameKy'])).toEqual({ BrandId: 1, GenderKey: 'M', FactNameKy: 'F001', searchText: 'boot' });
    expect(filtersOf({ searchText: '   ' }, ['BrandId'])).toEqual({});
  });

  it('a stored preference is read back; anything else is no criteria', () => {
    expect(parseCriteria(JSON.stringify({ BrandId: 1, searchText: 'x', bad: null, empty: '' }))).toEqual({ BrandId: 1, searchText: 'x' });
    for (const t of [null, '', 'nope', '[1]', '3']) expect(parseCriteria(t)).toEqual({});
  });
});
