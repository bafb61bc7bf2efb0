/**
 * Thumbnail cells (SHELL-028): a hierarchy record's image at 65 px in its grid row, fetched with
 * the bearer token once per address (an object URL kept for the page's life), nothing when the
 * record has no image. A click on a thumbnail asks for the enlarged image (SHELL-029: 600 px).
 */
import type Handsontable from 'handsontable/base';
import { fetchImage } from '../record/image-api';
import { imageUrl } from '../record/image-checks';
import type { GridRecord } from './change-batch';

/** Where a grid's thumbnails come from: the hierarchy level and its record key. */
export interface ThumbnailSource {
  level: number;
  keyField: string;
}

/** The column of a hierarchy grid shown as thumbnails: the record's image name. */
export const IMAGE_FIELD = 'ImageName';

/** The class of a thumbnail image in a cell (a click on it enlarges it). */
export const THUMBNAIL_CLASS = 'data-grid__thumb';
/** Thumbnail size (SHELL-028) and the row height that holds it. */
export const THUMBNAIL_SIZE = 65;
export const THUMBNAIL_ROW_HEIGHT = THUMBNAIL_SIZE + 6;

const objectUrls = new Map<string, Promise<string | null>>();

/** The image address of a record at a size (the row version stamps it: a new image, a new address). */
export const thumbnailUrl = (src: ThumbnailSource, rec: GridRecord, size: 65 | 600) =>
  imageUrl(src.level, Number(rec[src.keyField]), 1, size, String(rec.RowVersion ?? 0));

function objectUrl(url: string): Promise<string | null> {
  let p = objectUrls.get(url);
  if (!p) {
    p = fetchImage(url, new AbortController().signal).then(
      (b) => (b ? URL.createObjectURL(b) : null),
      () => null,
    );
    objectUrls.set(url, p);
  }
  return p;
}

/** The renderer of an image-name column: the record's thumbnail when it has an image. */
export function thumbnailRenderer(src: ThumbnailSource, recordAt: (row: number) => GridRecord | undefined) {
  return (_hot: Handsontable, td: HTMLTableCellElement, row: number, _col: number, _prop: unknown, value: unknown) => {
    td.replaceChildren();
    td.className = 'data-grid__thumb-cell';
    const rec = recordAt(row);
    if (!rec || !value) return td;
    const url = thumbnailUrl(src, rec, THUMBNAIL_SIZE);
    td.dataset.thumb = url;
    void objectUrl(url).then((s) => {
      if (!s || td.dataset.thumb !== url) return;
      const img = document.createElement('img');
      img.src = s;
      img.alt = String(value);
      img.title = 'Click to enlarge';
      img.className = THUMBNAIL_CLASS;
      img.width = THUMBNAIL_SIZE;
      img.height = THUMBNAIL_SIZE;
      td.replaceChildren(img);
    });
    return td;
  };
}
