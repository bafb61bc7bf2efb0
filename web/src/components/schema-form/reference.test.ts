import { describe, expect, it } from 'vitest';
import { formKind } from './form-kind';
import { isStored, nameFieldOf, namesUrl, optionsUrl, referenceOf, withCurrent } from './reference';

describe('reference fields (x-ref)', () => {
  const wf = { source: 'workflowGroups', scope: { BrandId: 'BrandId', ObjectLevel: 2 } };

  it('x-user is the users reference; every reference but the status gets the reference widget', () => {
    expect(referenceOf({ type: 'integer', 'x-user': true })).toEqual({ source: 'users' });
    expect(referenceOf({ type: 'integer' })).toBeUndefined();
    expect(formKind('CreatedBy', { type: 'integer', 'x-user': true })).toBe('reference');
    expect(formKind('BrandId', { type: 'integer', 'x-ref': { source: 'brands' } })).toBe('reference');
    expect(formKind('SubSeasonIds', { type: 'array', items: { type: 'integer' }, 'x-ref': { source: 'subSeasons' } })).toBe('reference');
    expect(formKind('GenderKey', { type: 'string', 'x-lookup': 'Genders', 'x-ref': { source: 'genders' } })).toBe('reference');
    expect(formKind('StatusId', { type: 'integer', 'x-ref': { source: 'statuses' } })).toBe('status');
    expect(formKind('BrandId', { type: 'integer' })).toBe('integer');
  });

  it('the name field drops a trailing Id or Key: BrandId → BrandName, DivisionKey → DivisionName, CreatedBy → CreatedByName, unless named', () => {
    expect(nameFieldOf('BrandId', { source: 'brands' })).toBe('BrandName');
    expect(nameFieldOf('CreatedBy', { source: 'users' })).toBe('CreatedByName');
    expect(nameFieldOf('DivisionKey', { source: 'divisions' })).toBe('DivisionName');
    expect(nameFieldOf('PatternSeasonalId', { source: 'patterns', name: 'PatternName' })).toBe('PatternName');
  });

  it('the choices take their scope from the form; an empty scope field offers nothing yet', () => {
    expect(optionsUrl(wf, { BrandId: 3 })).toBe('/api/Reference/workflowGroups?BrandId=3&ObjectLevel=2');
    expect(optionsUrl(wf, { BrandId: null })).toBeNull();
    expect(optionsUrl({ source: 'brands' }, {})).toBe('/api/Reference/brands');
    expect(namesUrl({ source: 'subSeasons' }, [4, 5])).toBe('/api/Reference/subSeasons?Ids=4,5');
  });

  it('the current value stays a choice by its name (an inactive responsible), System User for 1, never a bare id', () => {
    const options = [{ value: 8, label: 'Ari Stone' }];
    expect(withCurrent(options, 3, 'Dana Whitfield')).toEqual([{ value: 3, label: 'Dana Whitfield' }, ...options]);
    expect(withCurrent(options, 1, null)[0]).toEqual({ value: 1, label: 'System User' });
    expect(withCurrent(options, 42, undefined)[0].label).toBe('—');
    expect(withCurrent(options, 8, 'x')).toEqual(options);
    expect(withCurrent(options, null, null)).toEqual(options);
  });

  it("a record with a version is stored (fixed references turn to text); a create form's start is not", () => {
    expect(isStored({ RowVersion: 3 })).toBe(true);
    expect(isStored({ BrandId: 1 })).toBe(false);
  });
});
