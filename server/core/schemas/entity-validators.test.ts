import { describe, expect, it, vi } from 'vitest';
import { createAjv, toFieldErrors } from './ajv';
import { withStorageBounds } from './bounds';
import type { EntitySchema } from './documents';
import { EntityValidators } from './entity-validators';
import { loadSchemas } from './registry';

const schemas = loadSchemas();
/** The whole schema's answer, as the registry gave it before validators by fields. */
const whole = (name: string, data: Record<string, unknown>) => {
  const v = createAjv().compile(withStorageBounds(schemas.entities.get(name)!));
  return v(data) ? [] : toFieldErrors(v.errors);
};

describe('entity validators by the fields present (issue 31)', () => {
  // A colorway's required fields, as a save of one change carries them (write.ts toValidate).
  const colorway = schemas.entities.get('colorway')!;
  const base = Object.fromEntries(
    (colorway.required ?? []).map((f) => {
      const p = colorway.properties[f] as { type?: string | string[]; enum?: unknown[] };
      const type = Array.isArray(p.type) ? p.type[0] : p.type;
      return [f, p.enum ? p.enum[0] : type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? false : 'x'];
    }),
  );
  const cases: [string, Record<string, unknown>][] = [
    ['a valid change', { ...base, FFC: 12.5 }],
    ['a value of the wrong type', { ...base, FFC: 'cheap' }],
    ['a number past the column', { ...base, FFC: 1e300 }],
    ['an unknown field', { ...base, NoSuchField: 1 }],
    ['a required field missing', Object.fromEntries(Object.entries({ ...base, FFC: 3 }).slice(1))],
    ['several faults at once', { FFC: 'x', NoSuchField: true }],
    ['nothing', {}],
  ];
  for (const [what, data] of cases) {
    it(`answers as the whole schema does: ${what}`, () => {
      expect(schemas.validate('entity', 'colorway', data)).toEqual(whole('colorway', data));
    });
  }

  it('answers the same for every entity and its required fields alone', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const v = new EntityValidators(schemas.entities);
      for (const [name, doc] of schemas.entities) {
        vi.advanceTimersByTime(1000); // each set compiled, not left to the whole validator by the rate limit
        const data = Object.fromEntries((doc.required ?? []).map((f) => [f, null]));
        const check = v.for(name, data)!;
        expect(check, name).toBeDefined();
        expect(check(data) ? [] : toFieldErrors(check.errors), name).toEqual(whole(name, data));
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('compiles once per set of fields, and only the fields present', () => {
    const v = new EntityValidators(schemas.entities);
    const a = v.for('colorway', { ...base, FFC: 1 });
    expect(v.for('colorway', { FFC: 2, ...base })).toBe(a); // the order of the fields does not matter
    expect(v.for('colorway', { ...base, EstFFC: 1 })).not.toBe(a);
    expect(Object.keys((a!.schema as EntitySchema).properties).sort()).toEqual([...Object.keys(base), 'FFC'].sort());
  });

  it('compiles at most 20 new sets of fields a second; past it the whole validator answers', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const v = new EntityValidators(schemas.entities);
      const optional = Object.keys(colorway.properties).filter((f) => !(colorway.required ?? []).includes(f));
      const sets = optional.slice(0, 21).map((f) => ({ ...base, [f]: null }));
      const first = sets.slice(0, 20).map((data) => v.for('colorway', data));
      expect(first.every((f) => f !== undefined)).toBe(true);
      expect(v.for('colorway', sets[20])).toBeUndefined();
      expect(v.for('colorway', sets[0])).toBe(first[0]); // the ones compiled still answer
      vi.advanceTimersByTime(1000);
      expect(v.for('colorway', sets[20])).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a schema with other top-level rules, an unknown entity and a non-object to the whole validator', () => {
    const odd = { ...colorway, dependentRequired: { FFC: ['EstFFC'] } } as unknown as EntitySchema;
    const v = new EntityValidators(
      new Map([
        ['odd', odd],
        ['colorway', colorway],
      ]),
    );
    expect(v.for('odd', { FFC: 1 })).toBeUndefined();
    expect(v.for('nothing', { FFC: 1 })).toBeUndefined();
    expect(v.for('colorway', [1])).toBeUndefined();
    expect(v.for('colorway', null)).toBeUndefined();
  });
});
