/**
 * Column widths that fit their header titles. A grid document gives each column a width for its
 * values; a title wider than that would break inside a word or be cut at 1280 px ("Country of
 * Origin" at 70 px). A header has two lines (hot-setup's columnHeaderHeight, data-grid.css), and
 * the browser breaks a line at a space or after a hyphen: the column is widened, up to
 * HEADER_FIT_MAX, until the title fits on two lines so broken. A width the user dragged is kept.
 */
import type { GridColumn } from './columns';
import { GRID_THEME } from './grid-theme';

/** Measures a text's width (px) in the header's font. */
export type TextMeasure = (text: string) => number;

/** A header title is fitted up to this width (px); wider titles end with an ellipsis, whole on hover. */
export const HEADER_FIT_MAX = 160;
/** The header cell's own room around its title (px): padding 2 × 8, border 1, the flex gap 2, 1 for rounding. */
export const HEADER_PADDING = 20;
/** The filter button beside the title (margin, padding, glyph; px). */
export const FILTER_BUTTON = 17;
/** The sort arrow, joined to the title's last word so that it never takes a line of its own. */
export const sortArrow = (direction: 'ASC' | 'DESC') => `\u00a0${direction === 'ASC' ? '▲' : '▼'}`;

/** The title's pieces between break opportunities: each ends with its spaces or hyphen (a no-break space is none). */
function pieces(title: string): string[] {
  return title.match(/[^ -]*(?:-+| +|$)/g)?.filter(Boolean) ?? [title];
}

/** The narrowest text width (px) on which the title takes at most two lines, no word broken. */
export function twoLineWidth(title: string, measure: TextMeasure): number {
  const parts = pieces(title);
  const line = (from: number, to: number) => measure(parts.slice(from, to).join('').trimEnd());
  let best = line(0, parts.length);
  for (let cut = 1; cut < parts.length; cut++) best = Math.min(best, Math.max(line(0, cut), line(cut, parts.length)));
  return best;
}

/**
 * The width of a column (px): the grid's width, or more when its header title (with room for the
 * sort arrow, and for the filter button when `filterButton`) would not fit on two lines; never over
 * HEADER_FIT_MAX for the fitting, never under the grid's width. A width the user dragged stays.
 */
export function headerFitWidth(col: Pick<GridColumn, 'title' | 'width' | 'resized'>, measure: TextMeasure, filterButton: boolean): number {
  if (col.resized) return col.width;
  const text = twoLineWidth(`${col.title}${sortArrow('DESC')}`, measure);
  const needed = Math.ceil(text) + HEADER_PADDING + (filterButton ? FILTER_BUTTON : 0);
  return Math.max(col.width, Math.min(needed, HEADER_FIT_MAX));
}

/** The widths of a grid's columns, each fitted to its header title (headerFitWidth). */
export const fittedWidths = (cols: readonly Pick<GridColumn, 'title' | 'width' | 'resized'>[], measure: TextMeasure | null, filterButton: boolean) =>
  cols.map((c) => (measure ? headerFitWidth(c, measure, filterButton) : c.width));

let shared: TextMeasure | null | undefined;

/**
 * The browser's measure of header text: a canvas in the font a grid header's title has (read once
 * from a probe header styled by data-grid.css and Handsontable's own sheet). Null without a canvas
 * (widths then stay the grid's).
 */
export function headerMeasure(): TextMeasure | null {
  if (shared !== undefined) return shared;
  const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!ctx) return (shared = null);
  const probe = document.createElement('div');
  probe.className = 'data-grid__table';
  probe.style.cssText = 'position:absolute;visibility:hidden;left:-9999px';
  // The grids' theme above the table, as on a grid: Handsontable's font comes from its variables.
  probe.innerHTML = `<div class="${GRID_THEME}"><div class="handsontable"><table class="htCore"><thead><tr><th><div class="relative"><span class="colHeader">M</span></div></th></tr></thead></table></div></div>`;
  document.body.append(probe);
  const style = getComputedStyle(probe.querySelector('.colHeader') as Element);
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  probe.remove();
  const cache = new Map<string, number>();
  shared = (text) => {
    let w = cache.get(text);
    if (w === undefined) cache.set(text, (w = ctx.measureText(text).width));
    return w;
  };
  return shared;
}
