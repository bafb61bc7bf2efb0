import { describe, expect, it } from 'vitest';
import { LIBRARY_TYPES, missing, typeById } from './library-types';

describe('library types (ADMIN-025/026/031..034)', () => {
  it('ADMIN-026: people by role are the library developer roles 1..5', () => {
    expect(LIBRARY_TYPES.filter((t) => t.roleId).map((t) => [t.roleId, t.label])).toEqual([
      [1, 'Designer'],
      [2, 'Developer'],
      [3, 'Sourcing Developer'],
      [4, 'Contract Designer'],
      [5, 'Colorist'],
    ]);
  });
  it('ADMIN-031: an outsole request carries brand, season, price and the extend flag', () => {
    expect(typeById('Outsole').request({ Name: ' Vibram ', Price: '3.5' }, 2, 7)).toEqual({
      BrandId: 2,
      SeasonId: 7,
      OutsoleName: 'Vibram',
      Price: 3.5,
      ExtendBrand: false,
    });
  });
  it('ADMIN-029: required values are checked before the call', () => {
    expect(missing(typeById('Outsole'), { Name: 'x', Price: 'abc' })).toEqual(['Price']);
    expect(missing(typeById('Last'), { lastName: 'L1' })).toEqual([]);
  });
});

describe('library grids (ADMIN-024)', () => {
  it('every type is listed by a grid document of its own entity', async () => {
    const fs = await import('node:fs');
    for (const t of LIBRARY_TYPES) {
      const doc = JSON.parse(fs.readFileSync(new URL(`../../../../../schemas/grids/${t.gridId}.grid.json`, import.meta.url), 'utf8'));
      expect(doc.id, t.id).toBe(t.gridId);
    }
  });
});
