/**
 * The catalog's fixed values (CAT-003, CAT-004, CAT-006, DECISIONS CAT-007), shared by the server
 * (which checks its parameters against them) and the browser (filters, pager, sliders). Pure.
 */
import { THUMBNAIL_SIZES } from './image-rules';

/** CAT-004: the gender filter's keys. */
export const CATALOG_GENDER_KEYS = ['01', '02', '10', '24'] as const;
export type CatalogGenderKey = (typeof CATALOG_GENDER_KEYS)[number];

/** CAT-003: page 1, 50 tiles; the pager offers these sizes. */
export const CATALOG_PAGE_SIZES = [15, 25, 50, 100] as const;
export const CATALOG_DEFAULT_PAGE_SIZE = 50;

/** DECISIONS CAT-007: pattern tiles 3–6 per row; a pattern's colorways 1–3 per row. */
export const PATTERN_TILES_PER_ROW = { min: 3, max: 6, initial: 5 } as const;
export const COLORWAY_TILES_PER_ROW = { min: 1, max: 3, initial: 3 } as const;

/** The product image (DOC-020 image type 1) is the one a tile shows. */
export const CATALOG_IMAGE_TYPE = 1;

/** The smallest stored thumbnail (65, 105, 600 px) that fills a tile `px` CSS pixels wide on this screen; the largest when none does. */
export function thumbnailSizeFor(px: number, pixelRatio = 1): (typeof THUMBNAIL_SIZES)[number] {
  const need = Math.max(1, px) * Math.max(1, pixelRatio);
  return THUMBNAIL_SIZES.find((s) => s >= need) ?? THUMBNAIL_SIZES[THUMBNAIL_SIZES.length - 1];
}
