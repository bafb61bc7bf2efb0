import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../fields/field-kind';
import { formKind, TIME_PATTERN } from './form-kind';
import { interpretedValidator } from './interpreted-validator';
import { itemOptionsOf, optionsOf, withOptions } from './options';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    RoleId: { type: ['integer', 'null'], minimum: 1 },
    Brands: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 },
    Kind: { type: 'string', enum: ['A', 'B'] },
    At: { type: 'string', pattern: TIME_PATTERN },
    Pairs: { type: 'array', items: { type: 'array' } },
    Name: { type: 'string' },
  },
};

describe('labelled options (oneOf consts)', () => {
  it('reads oneOf consts with their titles, else the enum', () => {
    expect(optionsOf({ oneOf: [{ const: 1, title: 'One' }, { const: 2 }] })).toEqual([
      { value: 1, label: 'One' },
      { value: 2, label: '2' },
    ]);
    expect(optionsOf(schema.properties.Kind)).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B' },
    ]);
    expect(optionsOf(schema.properties.Name)).toBeNull();
  });
  it('withOptions puts runtime options into a copy; a nullable field also offers null', () => {
    const s = withOptions(schema, 'RoleId', [{ value: 3, label: 'Admin' }], 'None');
    expect(s).not.toBe(schema);
    expect(schema.properties.RoleId.oneOf).toBeUndefined();
    expect(optionsOf(s.properties.RoleId)).toEqual([
      { value: null, label: 'None' },
      { value: 3, label: 'Admin' },
    ]);
    const b = withOptions(schema, 'Brands', [
      { value: 1, label: 'Acme' },
      { value: 2, label: 'Bolt' },
    ]);
    expect(itemOptionsOf(b.properties.Brands)).toEqual([
      { value: 1, label: 'Acme' },
      { value: 2, label: 'Bolt' },
    ]);
  });
  it('the interpreting validator accepts an option and refuses anything else', () => {
    const s = withOptions(withOptions(schema, 'RoleId', [{ value: 3, label: 'Admin' }]), 'Brands', [{ value: 1, label: 'Acme' }]);
    expect(interpretedValidator.isValid(s as never, { RoleId: 3, Brands: [1] }, s as never)).toBe(true);
    expect(interpretedValidator.isValid(s as never, { RoleId: null, Brands: [1] }, s as never)).toBe(true);
    expect(interpretedValidator.isValid(s as never, { RoleId: 4, Brands: [1] }, s as never)).toBe(false);
    expect(interpretedValidator.isValid(s as never, { Brands: [2] }, s as never)).toBe(false);
  });
});

describe('form kinds', () => {
  it('adds time, checklist and labelled selects to the shared field kinds', () => {
    expect(formKind('At', schema.properties.At)).toBe('time');
    expect(formKind('Brands', withOptions(schema, 'Brands', [{ value: 1, label: 'A' }]).properties.Brands)).toBe('checklist');
    expect(formKind('Pairs', schema.properties.Pairs)).toBe('array');
    expect(formKind('RoleId', withOptions(schema, 'RoleId', []).properties.RoleId)).toBe('enum');
    expect(formKind('RoleId', schema.properties.RoleId)).toBe('integer');
    expect(formKind('Name', schema.properties.Name)).toBe('text');
  });
});
