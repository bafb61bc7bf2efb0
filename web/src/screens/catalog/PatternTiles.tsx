/**
 * The pattern tiles of a catalog page (CAT-005): image, name, season, gender and colorway count;
 * a checkbox per tile for the selection (Shift-click: a range); clicking a tile opens its
 * colorways. Keyboard: arrow keys, Home and End move between tiles, Enter opens, Space selects.
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { PatternTile } from './catalog-api';
import { LazyThumbnail } from './LazyThumbnail';
import { moveFocus } from './tile-selection';
import { countOf } from '../../format/count';

interface Props {
  tiles: readonly PatternTile[];
  perRow: number;
  thumbnailSize: number;
  isChosen: (id: number) => boolean;
  onChoose: (tile: PatternTile, range: boolean) => void;
  onOpen: (tile: PatternTile) => void;
  /** A request to focus a tile once it shows (the pattern just left); each request is served once. */
  focusRequest: { id: number } | null;
}

const focusTile = (grid: HTMLUListElement | null, i: number) => grid?.querySelectorAll<HTMLElement>('.catalog-tile')[i]?.focus();

export function PatternTiles({ tiles, perRow, thumbnailSize, isChosen, onChoose, onOpen, focusRequest }: Props) {
  const grid = useRef<HTMLUListElement>(null);
  const served = useRef<{ id: number } | null>(null);
  useEffect(() => {
    if (!focusRequest || served.current === focusRequest) return;
    const i = tiles.findIndex((t) => t.PatternSeasonalId === focusRequest.id);
    if (i >= 0) {
      focusTile(grid.current, i);
      served.current = focusRequest;
    }
  }, [focusRequest, tiles]);

  const keyDown = (e: KeyboardEvent, i: number, tile: PatternTile) => {
    if (e.target !== e.currentTarget) return;
    const to = moveFocus(i, e.key, perRow, tiles.length);
    if (to !== null) {
      e.preventDefault();
      focusTile(grid.current, to);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(tile);
    }
    if (e.key === ' ') {
      e.preventDefault();
      onChoose(tile, e.shiftKey);
    }
  };
  const click = (e: MouseEvent, tile: PatternTile) => {
    // The checkbox (and its label) chooses the tile on its own click: it does not open it.
    if ((e.target as Element).closest('.catalog-tile__check')) return;
    if (e.shiftKey) {
      e.preventDefault();
      onChoose(tile, true);
      return;
    }
    onOpen(tile);
  };

  return (
    <ul ref={grid} className="catalog-grid" style={{ ['--per-row' as string]: perRow }} aria-label="Patterns">
      {tiles.map((t, i) => {
        const name = t.PatternName ?? `Pattern ${t.PatternSeasonalId}`;
        const chosen = isChosen(t.PatternSeasonalId);
        return (
          <li
            key={t.PatternSeasonalId}
            className={`catalog-tile${chosen ? ' catalog-tile--chosen' : ''}`}
            tabIndex={i === 0 ? 0 : -1}
            data-pattern={t.PatternSeasonalId}
            aria-label={`${name}, ${t.SeasonName ?? ''}, ${countOf(t.ColorwayCount, 'colorway')}`}
            onKeyDown={(e) => keyDown(e, i, t)}
            onClick={(e) => click(e, t)}
            onFocus={(e) => {
              // Roving tab stop: the focused tile is the one Tab comes back to.
              for (const el of grid.current?.querySelectorAll<HTMLElement>('.catalog-tile') ?? []) el.tabIndex = el === e.currentTarget ? 0 : -1;
            }}
          >
            <label className="catalog-tile__check">
              <input
                type="checkbox"
                tabIndex={-1}
                checked={chosen}
                aria-label={`Select ${name}`}
                onClick={(e) => {
                  e.preventDefault();
                  onChoose(t, e.shiftKey);
                }}
                onChange={() => {
                  /* handled on click (Shift) */
                }}
              />
            </label>
            <LazyThumbnail url={t.ImageUrl} size={thumbnailSize} alt={name} />
            <div className="catalog-tile__text">
              <span className="catalog-tile__name" title={name}>
                {name}
              </span>
              <span className="catalog-tile__meta">{[t.SeasonName, t.GenderName].filter(Boolean).join(' · ')}</span>
              <span className="catalog-tile__meta">{countOf(t.ColorwayCount, 'colorway')}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
