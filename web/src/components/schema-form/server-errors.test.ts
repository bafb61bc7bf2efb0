import { describe, expect, it } from 'vitest';
import { toErrorSchema, withoutField } from './server-errors';

describe('server errors on a form', () => {
  it('maps Errors [{Field: "/X"}] to the fields shown and keeps the rest apart', () => {
    const { schema, other } = toErrorSchema(
      [
        { Field: '/FFC', Message: 'must be >= 0' },
        { Field: '/FFC', Message: 'second' },
        { Field: '/Brands/0', Message: 'hidden' },
        { Field: '', Message: 'row' },
      ],
      new Set(['FFC']),
    );
    expect(schema).toEqual({ FFC: { __errors: ['must be >= 0', 'second'] } });
    expect(other).toEqual(['hidden', 'row']);
    expect(withoutField(schema, 'FFC')).toEqual({});
  });
});
