import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { interpretedValidator } from './interpreted-validator';

const schema: RJSFSchema = {
  type: 'object',
  required: ['PrototypeName'],
  properties: {
    PrototypeName: { type: 'string', maxLength: 10 },
    FFC: { type: ['number', 'null'], minimum: 0 },
    LaunchDate: { type: 'string', format: 'date' },
  },
};

describe('interpreted validator (CSP-safe)', () => {
  it('reports leaf errors with RJSF property paths, like AJV would', () => {
    const { errors, errorSchema } = interpretedValidator.validateFormData({ FFC: -1, LaunchDate: '13/45/2026' }, schema);
    const byProperty = Object.fromEntries(errors.map((e: { property?: string; message?: string }) => [e.property, e.message]));
    expect(byProperty.PrototypeName).toBe('Required.');
    expect(byProperty['.FFC']).toBe('At least 0.');
    expect(byProperty['.LaunchDate']).toBe('Not a valid date.');
    expect((errorSchema as any).FFC.__errors).toEqual(['At least 0.']);
  });

  it('passes valid data and checks isValid without compiling code', () => {
    expect(interpretedValidator.validateFormData({ PrototypeName: 'Trail', FFC: null }, schema).errors).toEqual([]);
    expect(interpretedValidator.isValid(schema, { PrototypeName: 'x'.repeat(11) }, schema)).toBe(false);
    expect(interpretedValidator.isValid(schema, { PrototypeName: 'ok' }, schema)).toBe(true);
  });
});
