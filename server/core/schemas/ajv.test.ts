/**
 * The hostile-value checks every body and record goes through (issue 10): text PostgreSQL cannot
 * store and numbers that are not finite, each named by its JSON pointer, and nothing for clean data
 * (the common case, answered without building a pointer: a 1,000-row save walks every field).
 */
import { describe, expect, it } from 'vitest';
import { nonFiniteFields, textFaults } from './ajv';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ Key: i + 1, RowVersion: 7, Changes: { FFC: 12.5 + i, Notes: `row ${i} — ✓ 👟`, Tags: ['a', 'b'], Empty: null } }));

describe('textFaults', () => {
  it('names every NUL and lone surrogate, in values and in keys, by JSON pointer', () => {
    const body = {
      rows: [
        { Key: 1, Changes: { Name: 'ok' } },
        { Key: 2, Changes: { Name: 'a\u0000b', 'x\uD800': 'y', List: ['fine', '\uDC00'] } },
      ],
    };
    expect(textFaults(body)).toEqual([
      { Field: '/rows/1/Changes/Name', Message: 'Must not contain a NUL character.' },
      { Field: '/rows/1/Changes/x\\ud800', Message: 'Must be valid Unicode text.' },
      { Field: '/rows/1/Changes/List/1', Message: 'Must be valid Unicode text.' },
    ]);
  });

  it('a string alone is named by its own pointer, or "/" at the root', () => {
    expect(textFaults('\u0000')).toEqual([{ Field: '/', Message: 'Must not contain a NUL character.' }]);
    expect(textFaults('\uD83D', '/Name')).toEqual([{ Field: '/Name', Message: 'Must be valid Unicode text.' }]);
  });

  it('clean data has no fault: whole surrogate pairs, other scripts, numbers, nulls', () => {
    expect(textFaults({ rows: rows(1000) })).toEqual([]);
    expect(textFaults(null)).toEqual([]);
    expect(textFaults(42)).toEqual([]);
  });

  it('a fault in the last row of a thousand is found', () => {
    const body = { rows: rows(1000) };
    (body.rows[999].Changes as Record<string, unknown>).Notes = 'end\u0000';
    expect(textFaults(body)).toEqual([{ Field: '/rows/999/Changes/Notes', Message: 'Must not contain a NUL character.' }]);
  });
});

describe('nonFiniteFields', () => {
  it('names every NaN and Infinity by JSON pointer, nested in objects and arrays', () => {
    const data = { FFC: Number.POSITIVE_INFINITY, Sizes: [1, Number.NaN, 3], Deep: { Cost: Number.NEGATIVE_INFINITY, Fine: 2 } };
    expect(nonFiniteFields(data)).toEqual([
      { Field: '/FFC', Message: 'Must be a finite number.' },
      { Field: '/Sizes/1', Message: 'Must be a finite number.' },
      { Field: '/Deep/Cost', Message: 'Must be a finite number.' },
    ]);
    expect(nonFiniteFields(Number.NaN)).toEqual([{ Field: '/', Message: 'Must be a finite number.' }]);
    expect(nonFiniteFields(Number.NaN, '/Price')).toEqual([{ Field: '/Price', Message: 'Must be a finite number.' }]);
  });

  it('finite numbers, text and nulls are no fault, however many rows', () => {
    expect(nonFiniteFields({ rows: rows(1000) })).toEqual([]);
    expect(nonFiniteFields('Infinity')).toEqual([]);
    expect(nonFiniteFields(undefined)).toEqual([]);
  });
});
