import { describe, expect, it } from 'vitest';
import { createPayload, invalidMessage, startFromCopy, startFromPattern, withChange } from './colorway-create';

const complete = { BrandId: 1, SeasonId: 1, PatternSeasonalId: 4, PrototypeName: ' Trail - Red ', DivisionKey: '01', ResponsibleId: 8, ProductTypeId: 1, WFGroupId: 7 };

describe('colorway create form', () => {
  it('CW-005 missing fields and a missing pattern are joined with " And "', () => {
    expect(invalidMessage(complete)).toBeNull();
    expect(invalidMessage({ ...complete, PatternSeasonalId: null })).toBe('Select a Pattern that is in Released Status.');
    expect(invalidMessage({ ...complete, PrototypeName: '  ' })).toBe('Please review all fields indicated in red.');
    expect(invalidMessage({ ...complete, WFGroupId: null, PatternSeasonalId: null }))
      .toBe('Please review all fields indicated in red. And Select a Pattern that is in Released Status.');
  });

  it('CW-006 CW-007 the payload has a colorway part, a seasonal part in status 1 and the pattern; a responsible id of 0 or less is null', () => {
    expect(createPayload({ ...complete, ResponsibleId: 0 }, 'Footwear')).toEqual({
      Prototype: { PatternId: null, PrototypeName: 'Trail - Red', BrandId: 1, ImageName: null, Division: 'Footwear', DivisionKey: '01' },
      PrototypeSeasonal: { CopySeasonalId: null, SeasonId: 1, StatusId: 1, ResponsibleId: null, ProductTypeId: 1, WFGroupId: 7 },
      PatternSeasonalId: 4,
    });
    expect(createPayload({ ...complete, ResponsibleId: -2 }, null).PrototypeSeasonal.ResponsibleId).toBeNull();
    expect(createPayload(complete, null).PrototypeSeasonal.ResponsibleId).toBe(8);
  });

  it('CW-003 a copy fixes the brand and names its source', () => {
    const start = startFromCopy({ BrandId: 2, SeasonId: 5, PrototypeName: 'Trail', ProductTypeId: 1 }, 77);
    expect(start.fixed).toEqual(['BrandId']);
    expect(start.values).toMatchObject({ BrandId: 2, PrototypeName: 'Trail - Copy', CopySeasonalId: 77 });
  });

  it('CW-004 a pattern in status 2 or 3 is chosen and fixed; any other only fixes brand and season', () => {
    expect(startFromPattern({ BrandId: 1, SeasonId: 1, StatusId: 3, PatternName: 'P' }, 9).values.PatternSeasonalId).toBe(9);
    const draft = startFromPattern({ BrandId: 1, SeasonId: 1, StatusId: 1, PatternName: 'P' }, 9);
    expect(draft.values.PatternSeasonalId).toBeNull();
    expect(draft.fixed).toEqual(['BrandId', 'SeasonId']);
  });

  it('CW-002 a new brand clears season, pattern, responsible and workflow group; a new season the pattern', () => {
    expect(withChange(complete, 'BrandId', 2)).toMatchObject({ BrandId: 2, SeasonId: null, PatternSeasonalId: null, ResponsibleId: null, WFGroupId: null, DivisionKey: '01' });
    expect(withChange(complete, 'SeasonId', 3)).toMatchObject({ SeasonId: 3, PatternSeasonalId: null, ResponsibleId: 8 });
  });
});
