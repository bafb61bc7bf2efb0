/**
 * One pattern's colorways (CAT-005): a tile per colorway the user may see (image, name, stock
 * number, colour), each opening the colorway screen; 1–3 per row (DECISIONS CAT-007). Arrow keys
 * move between them; Esc (on the screen) goes back to the patterns.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ColorwayTile } from './catalog-api';
import { LazyThumbnail } from './LazyThumbnail';
import { moveFocus } from './tile-selection';

export function PatternColorways({ colorways, perRow, thumbnailSize }: { colorways: readonly ColorwayTile[]; perRow: number; thumbnailSize: number }) {
  const grid = useRef<HTMLUListElement>(null);
  const links = () => grid.current?.querySelectorAll<HTMLElement>('.catalog-tile') ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first tile takes the focus when another pattern's colorways show (links is a new function each render)
  useEffect(() => {
    links()[0]?.focus();
  }, [colorways]);
  const keyDown = (e: KeyboardEvent, i: number) => {
    const to = moveFocus(i, e.key, perRow, colorways.length);
    if (to !== null) {
      e.preventDefault();
      links()[to]?.focus();
    }
  };
  if (!colorways.length) return <p className="catalog-empty">This pattern has no colorways you may see.</p>;
  return (
    <ul ref={grid} className="catalog-grid catalog-grid--colorways" style={{ ['--per-row' as string]: perRow }} aria-label="Colorways">
      {colorways.map((c, i) => {
        const name = c.PrototypeName ?? `Colorway ${c.PrototypeSeasonalId}`;
        return (
          <li key={c.PrototypeSeasonalId}>
            <Link
              to={`/colorway/${c.PrototypeSeasonalId}`}
              className="catalog-tile catalog-tile--colorway"
              onKeyDown={(e) => keyDown(e, i)}
              data-colorway={c.PrototypeSeasonalId}
            >
              <LazyThumbnail url={c.ImageUrl} size={thumbnailSize} alt={name} />
              <div className="catalog-tile__text">
                <span className="catalog-tile__name" title={name}>
                  {name}
                </span>
                {c.StockNum && <span className="catalog-tile__meta">Stock number {c.StockNum}</span>}
                <span className="catalog-tile__meta">{[c.ColorDesc, c.StatusName].filter(Boolean).join(' · ')}</span>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
