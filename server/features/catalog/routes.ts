/**
 * The catalog (CAT-001..008): a paged search of pattern tiles of one brand (DECISIONS CAT-002: the
 * brand is required) filtered by season, gender (CAT-004 keys) and pattern name, and the colorways
 * of one pattern (pattern-tiles.ts). Paths per DECISIONS "Paths not shown": /api/Catalog/{Verb}{Noun}.
 * Gate PERM-019 (module 18 read) with the level's own read.
 */
import { can } from '../../core/auth/permissions';
import { custom, type ApiRouter } from '../../core/http/router';
import { intParam, queryParam } from '../../core/http/request';
import { THUMBNAIL_SIZES, type ImageSize } from '../../domain/image-rules';
import { CATALOG_DEFAULT_PAGE_SIZE, CATALOG_GENDER_KEYS, CATALOG_PAGE_SIZES } from '../../domain/catalog-rules';
import { patternColorways, patternTiles, type PatternFilters } from './pattern-tiles';

/** PERM-019: module 18 read gates catalog viewing; the tiles are patterns and colorways, so their reads too. */
const VIEW_PATTERNS = custom(
  'systemMessages/read (18/1, PERM-019: catalog viewing) and pattern/read',
  (u) => can(u, 'systemMessages', 'read') && can(u, 'pattern', 'read'),
);
const VIEW_COLORWAYS = custom(
  'systemMessages/read (18/1, PERM-019: catalog viewing), pattern/read and colorway/read',
  (u) => can(u, 'systemMessages', 'read') && can(u, 'pattern', 'read') && can(u, 'colorway', 'read'),
);

const SIZES = THUMBNAIL_SIZES.map(String);
const QUERY_SIZE = { ThumbnailSize: SIZES } as const;

function thumbnailSize(c: Parameters<typeof queryParam>[0]): ImageSize {
  const raw = queryParam(c, 'ThumbnailSize');
  return raw ? THUMBNAIL_SIZES.find((s) => String(s) === raw)! : 600;
}

export function catalogRoutes(r: ApiRouter) {
  // CAT-001..005: a page of pattern tiles of the brand (required, DECISIONS CAT-002); CONST-008 paged.
  r.get(
    '/api/Catalog/SearchPatterns',
    VIEW_PATTERNS,
    {
      brandParam: 'BrandId',
      query: {
        BrandId: 'id',
        SeasonId: 'id',
        GenderKey: CATALOG_GENDER_KEYS,
        PatternName: 'text',
        pageNumber: 'id',
        pageSize: CATALOG_PAGE_SIZES.map(String),
        ...QUERY_SIZE,
      },
    },
    async (c) => {
      const season = intParam(c, 'SeasonId', 0);
      const filters: PatternFilters = {
        BrandId: intParam(c, 'BrandId'),
        SeasonId: season || undefined,
        GenderKey: queryParam(c, 'GenderKey') || undefined,
        PatternName: queryParam(c, 'PatternName')?.trim() || undefined,
      };
      const page = await patternTiles(
        c.get('ctx'),
        c.get('user'),
        filters,
        Math.max(1, intParam(c, 'pageNumber', 1)),
        intParam(c, 'pageSize', CATALOG_DEFAULT_PAGE_SIZE),
        thumbnailSize(c),
      );
      return c.json(page);
    },
  );

  // CAT-005: the colorways (prototypes) of one pattern seasonal, with the pattern's tile.
  r.get('/api/Catalog/GetPatternPrototypes', VIEW_COLORWAYS, { query: { PatternSeasonalId: 'id', ...QUERY_SIZE } }, async (c) =>
    c.json(await patternColorways(c.get('ctx'), c.get('user'), intParam(c, 'PatternSeasonalId'), thumbnailSize(c))),
  );
}
