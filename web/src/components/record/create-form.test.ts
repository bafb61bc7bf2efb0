import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../fields/field-kind';
import { clearDependents, createdMessage, createRefusal, creatableSchema, trimmed } from './create-form';

const schema = {
  type: 'object',
  required: ['BrandId', 'SeasonId', 'GenderKey'],
  properties: {
    BrandId: { title: 'Brand', type: 'integer', readOnly: true },
    SeasonId: { title: 'Season', type: 'integer', readOnly: true },
    GenderKey: { title: 'Gender', type: 'string', 'x-lookup': 'Genders' },
    StatusId: { title: 'Status', type: 'integer', readOnly: true },
    SubSeasonIds: { title: 'Sub-Seasons', type: 'array', items: { type: 'integer' } },
  },
} as unknown as EntitySchema;

const dependents = { BrandId: ['SeasonId', 'ResponsibleId', 'SubSeasonIds'], SeasonId: ['SubSeasonIds'] };

describe('hierarchy create form', () => {
  it('BRIEF-007 fields set on create are editable there; only the laid-out ones lose readOnly', () => {
    const s = creatableSchema(schema, ['BrandId', 'SeasonId']);
    expect(s.properties.BrandId.readOnly).toBeUndefined();
    expect(s.properties.SeasonId.readOnly).toBeUndefined();
    expect(s.properties.StatusId.readOnly).toBe(true);
    expect(schema.properties.BrandId.readOnly).toBe(true);
  });

  it('a field the form does not need is no longer required (a copy takes its gender from the parent)', () => {
    expect(creatableSchema(schema, [], ['GenderKey']).required).toEqual(['BrandId', 'SeasonId']);
    expect(creatableSchema(schema, []).required).toEqual(['BrandId', 'SeasonId', 'GenderKey']);
  });

  it('a new brand clears its season, responsible and sub-seasons; a new season its sub-seasons', () => {
    const prev = { BrandId: 1, SeasonId: 3, ResponsibleId: 8, SubSeasonIds: [5] };
    expect(clearDependents(prev, { ...prev, BrandId: 2 }, dependents)).toEqual({ BrandId: 2, SeasonId: null, ResponsibleId: null, SubSeasonIds: [] });
    expect(clearDependents(prev, { ...prev, SeasonId: 4 }, dependents)).toEqual({ ...prev, SeasonId: 4, SubSeasonIds: [] });
  });

  it('nothing to clear answers null (the form keeps its data)', () => {
    const prev = { BrandId: 1, SeasonId: 3, ResponsibleId: 8, SubSeasonIds: [5] };
    expect(clearDependents(prev, { ...prev, ResponsibleId: 9 }, dependents)).toBeNull();
    expect(clearDependents({ BrandId: null }, { BrandId: 1, SeasonId: null, SubSeasonIds: [] }, dependents)).toBeNull();
  });

  it('LP-017 a refused create carries the server field errors and message to the form', () => {
    const errors = [{ Field: '/ResponsibleId', Message: 'Unknown user.' }];
    expect(createRefusal({ Errors: errors, Message: 'No.' }, 'x')).toEqual({ IsSuccessful: false, Errors: errors, Message: 'No.' });
    expect(createRefusal(null, 'fallback')).toEqual({ IsSuccessful: false, Errors: [], Message: 'fallback' });
  });

  it('names are trimmed and blank means none', () => {
    expect(trimmed('  Trail ')).toBe('Trail');
    expect(trimmed('   ')).toBeNull();
    expect(trimmed(null)).toBeNull();
  });
});

describe('create success toast', () => {
  it('BRIEF-006 names what was created or copied, in sentence case', () => {
    expect(createdMessage('Brief')).toBe('Brief created.');
    expect(createdMessage('Line Plan')).toBe('Line plan created.');
    expect(createdMessage('Pattern', true)).toBe('Pattern copied.');
  });
});
