import { describe, expect, it } from 'vitest';
import { clearDependents } from '../../components/record/create-form';
import { COLORWAY_DEPENDENTS, colorwayRefusal, createPayload, divisionName, invalidMessage, startFromCopy, startFromPattern } from './colorway-create';

const complete = {
  BrandId: 1,
  SeasonId: 1,
  PatternSeasonalId: 4,
  PrototypeName: ' Trail - Red ',
  DivisionKey: '01',
  ResponsibleId: 8,
  ProductTypeId: 1,
  WFGroupId: 7,
};

describe('colorway create form', () => {
  it('CW-005 missing fields and a missing pattern are joined with " And "', () => {
    expect(invalidMessage(complete)).toBeNull();
    expect(invalidMessage({ ...complete, PatternSeasonalId: null })).toBe('Select a Pattern that is in Released Status.');
    expect(invalidMessage({ ...complete, PrototypeName: '  ' })).toBe('Please review all fields indicated in red.');
    expect(invalidMessage({ ...complete, WFGroupId: null, PatternSeasonalId: null })).toBe(
      'Please review all fields indicated in red. And Select a Pattern that is in Released Status.',
    );
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
    expect(clearDependents(complete, { ...complete, BrandId: 2 }, COLORWAY_DEPENDENTS)).toMatchObject({
      BrandId: 2,
      SeasonId: null,
      PatternSeasonalId: null,
      ResponsibleId: null,
      WFGroupId: null,
      DivisionKey: '01',
    });
    expect(clearDependents(complete, { ...complete, SeasonId: 3 }, COLORWAY_DEPENDENTS)).toMatchObject({
      SeasonId: 3,
      PatternSeasonalId: null,
      ResponsibleId: 8,
    });
  });

  it('CW-002 the division name goes into the payload', () => {
    const lists = { ProductTypes: [{ ProductTypeId: 1, ProductTypeName: 'New Product' }], Divisions: [{ DivisionKey: '01', DivisionName: 'Footwear' }] };
    expect(divisionName(lists, '01')).toBe('Footwear');
    expect(divisionName(undefined, '01')).toBeNull();
  });

  it('CW-005 the server refusal shows under the form fields', () => {
    expect(
      colorwayRefusal(
        {
          Message: 'M',
          Errors: [
            { Field: '/PrototypeSeasonal/WFGroupId', Message: 'x' },
            { Field: '/PatternSeasonalId', Message: 'y' },
          ],
        },
        'F',
      ),
    ).toEqual({
      IsSuccessful: false,
      Message: 'M',
      Errors: [
        { Field: '/WFGroupId', Message: 'x' },
        { Field: '/PatternSeasonalId', Message: 'y' },
      ],
    });
    expect(colorwayRefusal(null, 'F')).toEqual({ IsSuccessful: false, Message: 'F', Errors: [] });
  });
});
