/**
 * The catalog's address ⇄ its state (CAT-001..004, DECISIONS CAT-002): the path
 * /catalog/{pageNumber}/{pageSize}/{brandId}[/{seasonId}[/{patternSeasonalId}]] carries paging,
 * brand, season and the open pattern (season 0: all seasons, when a pattern is open without a
 * season filter); the gender and pattern-name filters ride in the query (?gender=&name=). Pure.
 */
import { CATALOG_DEFAULT_PAGE_SIZE, CATALOG_GENDER_KEYS, CATALOG_PAGE_SIZES, type CatalogGenderKey } from '@domain/catalog-rules';

export interface CatalogState {
  pageNumber: number;
  pageSize: number;
  brandId: number;
  seasonId: number | null;
  patternSeasonalId: number | null;
  genderKey: CatalogGenderKey | null;
  patternName: string;
}

export interface CatalogParams {
  pageNumber?: string;
  pageSize?: string;
  brandId?: string;
  seasonId?: string;
  patternSeasonalId?: string;
}

const positive = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** The state an address shows; null when it names no brand (the screen then goes to the default brand). */
export function parseCatalog(params: CatalogParams, search: URLSearchParams): CatalogState | null {
  const brandId = positive(params.brandId);
  if (brandId === null) return null;
  const size = positive(params.pageSize);
  const gender = search.get('gender');
  return {
    pageNumber: positive(params.pageNumber) ?? 1,
    pageSize: CATALOG_PAGE_SIZES.find((s) => s === size) ?? CATALOG_DEFAULT_PAGE_SIZE,
    brandId,
    seasonId: positive(params.seasonId),
    patternSeasonalId: positive(params.patternSeasonalId),
    genderKey: CATALOG_GENDER_KEYS.find((k) => k === gender) ?? null,
    patternName: search.get('name') ?? '',
  };
}

/** The address of a state (the inverse of parseCatalog). */
export function catalogPath(s: CatalogState): string {
  let path = `/catalog/${s.pageNumber}/${s.pageSize}/${s.brandId}`;
  if (s.seasonId !== null || s.patternSeasonalId !== null) path += `/${s.seasonId ?? 0}`;
  if (s.patternSeasonalId !== null) path += `/${s.patternSeasonalId}`;
  const q = new URLSearchParams();
  if (s.genderKey) q.set('gender', s.genderKey);
  if (s.patternName) q.set('name', s.patternName);
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** CAT-002, CAT-003: where /catalog goes: page 1 of 50 of the default brand (else the user's first brand); null while neither is known. */
export function defaultCatalogPath(defaultBrandId: number | null, firstBrandId: number | null): string | null {
  const brandId = defaultBrandId ?? firstBrandId;
  return brandId
    ? catalogPath({ pageNumber: 1, pageSize: CATALOG_DEFAULT_PAGE_SIZE, brandId, seasonId: null, patternSeasonalId: null, genderKey: null, patternName: '' })
    : null;
}

/** What a change of filters does: back to page 1 and out of an open pattern. A brand change also drops the season (seasons belong to a brand). */
export function withFilters(s: CatalogState, change: Partial<Pick<CatalogState, 'brandId' | 'seasonId' | 'genderKey' | 'patternName'>>): CatalogState {
  const next = { ...s, ...change, pageNumber: 1, patternSeasonalId: null };
  if (change.brandId !== undefined && change.brandId !== s.brandId && change.seasonId === undefined) next.seasonId = null;
  return next;
}

/**
 * How the address changes: a filter change (typing a name, choosing a season) replaces the entry,
 * so there is no history step per keystroke; a page, a page size or opening or leaving a pattern
 * pushes one, so Back returns to it.
 */
export function historyMode(from: CatalogState, to: CatalogState): 'push' | 'replace' {
  const filtered = from.brandId !== to.brandId || from.seasonId !== to.seasonId || from.genderKey !== to.genderKey || from.patternName !== to.patternName;
  return filtered ? 'replace' : 'push';
}

/** The API query of a page of pattern tiles. */
export function patternSearchUrl(s: CatalogState, thumbnailSize: number): string {
  const q = new URLSearchParams({
    BrandId: String(s.brandId),
    pageNumber: String(s.pageNumber),
    pageSize: String(s.pageSize),
    ThumbnailSize: String(thumbnailSize),
  });
  if (s.seasonId !== null) q.set('SeasonId', String(s.seasonId));
  if (s.genderKey) q.set('GenderKey', s.genderKey);
  if (s.patternName.trim()) q.set('PatternName', s.patternName.trim());
  return `/api/Catalog/SearchPatterns?${q}`;
}

export const patternColorwaysUrl = (patternSeasonalId: number, thumbnailSize: number) =>
  `/api/Catalog/GetPatternPrototypes?PatternSeasonalId=${patternSeasonalId}&ThumbnailSize=${thumbnailSize}`;
