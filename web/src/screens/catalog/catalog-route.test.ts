import { describe, expect, it } from 'vitest';
import { catalogPath, defaultCatalogPath, historyMode, parseCatalog, patternSearchUrl, withFilters, type CatalogState } from './catalog-route';
import { thumbnailSizeFor } from '@domain/catalog-rules';

const q = (s = '') => new URLSearchParams(s);
const base: CatalogState = { pageNumber: 1, pageSize: 50, brandId: 3, seasonId: null, patternSeasonalId: null, genderKey: null, patternName: '' };

describe('catalog address ⇄ state', () => {
  it('CAT-001: every part of the path and the query round-trips', () => {
    const states: CatalogState[] = [
      base,
      { ...base, pageNumber: 4, pageSize: 15, seasonId: 7 },
      { ...base, seasonId: 7, patternSeasonalId: 99 },
      { ...base, patternSeasonalId: 99 },
      { ...base, genderKey: '24', patternName: 'Trail & Run' },
    ];
    for (const s of states) {
      const url = new URL(catalogPath(s), 'http://x');
      const [, , pageNumber, pageSize, brandId, seasonId, patternSeasonalId] = url.pathname.split('/');
      expect(parseCatalog({ pageNumber, pageSize, brandId, seasonId, patternSeasonalId }, url.searchParams)).toEqual(s);
    }
  });

  it('CAT-001: a pattern open without a season filter has season 0 in its path', () => {
    expect(catalogPath({ ...base, patternSeasonalId: 99 })).toBe('/catalog/1/50/3/0/99');
    expect(catalogPath({ ...base, seasonId: 7 })).toBe('/catalog/1/50/3/7');
  });

  it('CAT-002: no brand is no state; /catalog goes to page 1 of 50 of the default brand, else the first brand', () => {
    expect(parseCatalog({ pageNumber: '1', pageSize: '50' }, q())).toBeNull();
    expect(parseCatalog({ pageNumber: '1', pageSize: '50', brandId: 'x' }, q())).toBeNull();
    expect(defaultCatalogPath(2, 5)).toBe('/catalog/1/50/2');
    expect(defaultCatalogPath(null, 5)).toBe('/catalog/1/50/5');
    expect(defaultCatalogPath(null, null)).toBeNull();
  });

  it('CAT-003, CAT-004: a bad page, size or gender key falls back to the defaults', () => {
    expect(parseCatalog({ pageNumber: '0', pageSize: '37', brandId: '3' }, q('gender=03'))).toEqual(base);
    expect(parseCatalog({ pageNumber: '2', pageSize: '100', brandId: '3' }, q('gender=10'))).toMatchObject({ pageNumber: 2, pageSize: 100, genderKey: '10' });
  });

  it('CAT-001: filters replace the address entry; paging and opening a pattern push one', () => {
    expect(historyMode(base, withFilters(base, { patternName: 'a' }))).toBe('replace');
    expect(historyMode({ ...base, pageNumber: 3 }, withFilters({ ...base, pageNumber: 3 }, { genderKey: '01' }))).toBe('replace');
    expect(historyMode(base, { ...base, pageNumber: 2 })).toBe('push');
    expect(historyMode(base, { ...base, patternSeasonalId: 5 })).toBe('push');
    expect(historyMode({ ...base, patternSeasonalId: 5 }, base)).toBe('push');
  });

  it('CAT-004: a filter change goes to page 1 and leaves the open pattern; a new brand drops the season', () => {
    const s = { ...base, pageNumber: 3, seasonId: 7, patternSeasonalId: 9 };
    expect(withFilters(s, { genderKey: '02' })).toMatchObject({ pageNumber: 1, seasonId: 7, patternSeasonalId: null, genderKey: '02' });
    expect(withFilters(s, { brandId: 4 })).toMatchObject({ brandId: 4, seasonId: null });
  });

  it('CAT-004: the search call carries only the filters set', () => {
    const url = new URL(patternSearchUrl({ ...base, seasonId: 7, genderKey: '01', patternName: ' ridge ' }, 600), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      BrandId: '3',
      pageNumber: '1',
      pageSize: '50',
      ThumbnailSize: '600',
      SeasonId: '7',
      GenderKey: '01',
      PatternName: 'ridge',
    });
    expect(new URL(patternSearchUrl(base, 105), 'http://x').searchParams.has('SeasonId')).toBe(false);
  });

  it('SHELL-028: a tile takes the smallest stored thumbnail that fills it', () => {
    expect(thumbnailSizeFor(60)).toBe(65);
    expect(thumbnailSizeFor(100)).toBe(105);
    expect(thumbnailSizeFor(100, 2)).toBe(600);
    expect(thumbnailSizeFor(900)).toBe(600);
  });
});
