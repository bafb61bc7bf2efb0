import { describe, expect, it } from 'vitest';
import { pickerQuery } from '../../components/record/parent-picker';
import {
  canCreatePatternFrom,
  createBody,
  invalidToast,
  LINE_PLAN_PARENTS,
  REVIEW_FIELDS,
  SELECT_RELEASED_LINE_PLAN,
  startFromCopy,
  startFromLinePlan,
} from './brief-form';

const complete = { BriefName: 'A', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4 };

describe('brief create form', () => {
  it('BRIEF-004 a missing line plan alone has its own message; anything else asks to review the fields', () => {
    expect(invalidToast({ ...complete, LinePlanId: null })).toBe(SELECT_RELEASED_LINE_PLAN);
    expect(invalidToast({ ...complete, LinePlanId: null, BriefName: '  ' })).toBe(REVIEW_FIELDS);
    expect(invalidToast({ BrandId: 1 })).toBe(REVIEW_FIELDS);
  });

  it('BRIEF-007 the payload carries the seven fields, the name trimmed', () => {
    expect(createBody({ BriefName: ' Trail ', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4, WFGroupId: 5, ParentBriefSeasonalId: 6 })).toEqual({
      BriefName: 'Trail',
      BrandId: 1,
      SeasonId: 2,
      LinePlanId: 3,
      ResponsibleId: 4,
      WFGroupId: 5,
      ParentBriefSeasonalId: 6,
    });
    expect(createBody({ BriefName: 'X' })).toMatchObject({ WFGroupId: null, ParentBriefSeasonalId: null });
  });

  it('BRIEF-003 a Released or Completed line plan is chosen and fixed; another keeps only brand and season', () => {
    const lp = { LinePlanId: 7, LinePlanName: 'SS26', BrandId: 1, SeasonId: 2, StatusId: 2 };
    expect(startFromLinePlan(lp)).toEqual({
      values: { BrandId: 1, SeasonId: 2, LinePlanId: 7 },
      fixed: ['BrandId', 'SeasonId', 'LinePlanId'],
      subtitle: 'Line plan SS26',
    });
    expect(startFromLinePlan({ ...lp, StatusId: 3 }).fixed).toContain('LinePlanId');
    expect(startFromLinePlan({ ...lp, StatusId: 1 })).toEqual({ values: { BrandId: 1, SeasonId: 2 }, fixed: [], subtitle: SELECT_RELEASED_LINE_PLAN });
  });

  it('BRIEF-001 a copy keeps the parent, fixes the brand and names itself "- Copy"', () => {
    const start = startFromCopy({ BriefName: 'Sandal', BrandId: 1, SeasonId: 2, LinePlanId: 3, ResponsibleId: 4, WFGroupId: null }, 5);
    expect(start.values).toEqual({
      BrandId: 1,
      SeasonId: 2,
      LinePlanId: 3,
      ResponsibleId: 4,
      WFGroupId: null,
      BriefName: 'Sandal - Copy',
      ParentBriefSeasonalId: 5,
    });
    expect(start.fixed).toEqual(['BrandId']);
  });

  it('BRIEF-003 BRIEF-023 the line plans of a brand and season come from BriefLinePlans in pages of 50', () => {
    const { key } = LINE_PLAN_PARENTS.request(pickerQuery(1, 2, 'Trail', 2)!);
    expect(key).toBe('/api/Brief/BriefLinePlans?BrandId=1&SeasonId=2&LinePlanName=Trail&pageNumber=2&pageSize=50');
    expect(LINE_PLAN_PARENTS.request(pickerQuery(1, 2, '', 1)!).key).not.toContain('LinePlanName');
  });

  it('BRIEF-017 a pattern can be created only from status 2 or 3', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(canCreatePatternFrom)).toEqual([2, 3]);
  });
});
