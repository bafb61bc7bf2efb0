/** Unit checks of fixed-references.ts: which fields are fixed, and when a row's changes move one. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../schemas/documents';
import { fixedFieldsMoved, fixedFieldsOf } from './fixed-references';

const schemasDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/entities');
const load = (name: string): EntitySchema => JSON.parse(fs.readFileSync(path.join(schemasDir, `${name}.schema.json`), 'utf8'));

describe('fixed references (ADR 002 x-ref fixed)', () => {
  it('the fixed fields of an entity are its x-ref fixed properties, each with a message from its title', () => {
    expect(fixedFieldsOf(load('line-plan'))).toEqual([
      { field: 'BrandId', message: 'Brand cannot be changed after the record is created.' },
      { field: 'SeasonId', message: 'Season cannot be changed after the record is created.' },
    ]);
    expect(fixedFieldsOf(load('colorway')).map((f) => f.field)).toEqual(['BrandId', 'SeasonId', 'CopySeasonalId', 'PatternSeasonalId']);
  });

  const fixed = fixedFieldsOf(load('pattern'));
  const prev = { BrandId: 1, SeasonId: 3, BriefSeasonalId: 7, ParentPatternSeasonalId: null, PatternName: 'A' };

  it('the stored value passes (also as text, or null for a missing value); other fields are not its business', () => {
    expect(fixedFieldsMoved(fixed, prev, { BrandId: 1, SeasonId: '3', ParentPatternSeasonalId: null, PatternName: 'B' })).toBeNull();
    expect(fixedFieldsMoved(fixed, { ...prev, ParentPatternSeasonalId: undefined }, { ParentPatternSeasonalId: null })).toBeNull();
  });

  it('another value is refused, every moved field named; a field the operation allows passes', () => {
    const err = fixedFieldsMoved(fixed, prev, { BrandId: 2, BriefSeasonalId: 8, ParentPatternSeasonalId: 5 });
    expect(err?.status).toBe(400);
    expect(err?.message).toBe('Brand cannot be changed after the record is created.');
    expect(err?.errors.map((e) => e.Field)).toEqual(['/BrandId', '/BriefSeasonalId', '/ParentPatternSeasonalId']);
    expect(fixedFieldsMoved(fixed, prev, { SeasonId: null })?.errors).toEqual([
      { Field: '/SeasonId', Message: 'Season cannot be changed after the record is created.' },
    ]);
    expect(fixedFieldsMoved(fixed, prev, { BriefSeasonalId: 8 }, ['BriefSeasonalId'])).toBeNull();
  });
});
