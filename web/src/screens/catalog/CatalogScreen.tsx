/**
 * /catalog/{pageNumber}/{pageSize}/{brandId}[/{seasonId}[/{patternSeasonalId}]] (CAT-001..008):
 * the filters, a page of pattern tiles with the tile-size slider (3–6 per row) and the pager, the
 * selection of patterns (copied as a list for Excel), and an open pattern's colorways (1–3 per
 * row). The address is the state: it changes without a reload (filters replace the entry, paging
 * and opening push one). /catalog alone goes to the default brand (DECISIONS CAT-002).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { COLORWAY_TILES_PER_ROW, PATTERN_TILES_PER_ROW, thumbnailSizeFor } from '@domain/catalog-rules';
import { errorText } from '../../api/error-text';
import { ApiError } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import { Pager } from '../../components/data-grid/Pager';
import '../../components/data-grid/data-grid.css';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import type { ReferenceOption } from '../../components/schema-form/reference';
import type { PatternColorways as Colorways, PatternPage, PatternTile } from './catalog-api';
import {
  catalogPath,
  defaultCatalogPath,
  historyMode,
  parseCatalog,
  patternColorwaysUrl,
  patternSearchUrl,
  withFilters,
  type CatalogState,
} from './catalog-route';
import { CatalogFilters, useCatalogNames } from './CatalogFilters';
import { PatternColorways } from './PatternColorways';
import { PatternTiles } from './PatternTiles';
import { SelectionBar, useTileSelection } from './SelectionBar';
import { TileSizeSlider, useTilesPerRow } from './TileSizeSlider';
import './catalog.css';
import { countOf } from '../../format/count';

/** /catalog: page 1 of 50 of the user's default brand, else their first brand (DECISIONS CAT-002). */
export function CatalogRedirect() {
  const defaultBrandId = useSessionStore((s) => s.session?.defaultBrandId ?? null);
  const { data: brands, error } = useSWR<ReferenceOption[]>(defaultBrandId ? null : '/api/Reference/brands');
  const to = defaultCatalogPath(defaultBrandId, (brands?.[0]?.value as number | undefined) ?? null);
  if (to) return <Navigate to={to} replace />;
  if (error || brands)
    return (
      <>
        <PageHeader title="Catalog" />
        <p className="catalog-empty">You are not assigned to a brand, so there is no catalog to show.</p>
      </>
    );
  return (
    <div className="page-fallback">
      <span className="spinner spinner--lg" role="status" aria-label="Loading" />
    </div>
  );
}

/** The width of an element, followed as it changes (the tile size follows the window and the slider). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

export function CatalogScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const state = useMemo(() => parseCatalog(params, search), [params, search]);
  if (!state) return <CatalogRedirect />;
  return <Catalog state={state} />;
}

function Catalog({ state }: { state: CatalogState }) {
  const navigate = useNavigate();
  const go = useCallback(
    (next: CatalogState) => {
      navigate(catalogPath(next), { replace: historyMode(state, next) === 'replace' });
    },
    [navigate, state],
  );
  const [patternsPerRow, setPatternsPerRow] = useTilesPerRow('catalog.patternsPerRow', PATTERN_TILES_PER_ROW);
  const [colorwaysPerRow, setColorwaysPerRow] = useTilesPerRow('catalog.colorwaysPerRow', COLORWAY_TILES_PER_ROW);
  const [body, width] = useWidth<HTMLDivElement>();
  const open = state.patternSeasonalId;
  const perRow = open === null ? patternsPerRow : colorwaysPerRow;
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const thumbnailSize = thumbnailSizeFor(width / perRow, ratio);

  const tilesKey = width && open === null ? patternSearchUrl(state, thumbnailSizeFor(width / patternsPerRow, ratio)) : null;
  const tiles = useSWR<PatternPage>(tilesKey, { keepPreviousData: true });
  const colorways = useSWR<Colorways>(width && open !== null ? patternColorwaysUrl(open, thumbnailSize) : null, { keepPreviousData: false });
  const selection = useTileSelection();
  const { brandName, seasonName } = useCatalogNames(state);
  const pattern = open !== null ? colorways.data?.Pattern : undefined;

  usePageTitle([brandName, seasonName, pattern?.PatternName].filter(Boolean).join(' · ') || null);

  // Back from a pattern's colorways, its tile has the focus again (once: typing a filter later keeps the focus in the field).
  const [returnFocus, setReturnFocus] = useState<{ id: number } | null>(null);
  const previousOpen = useRef(open);
  useEffect(() => {
    if (previousOpen.current !== null && open === null) setReturnFocus({ id: previousOpen.current });
    previousOpen.current = open;
  }, [open]);

  // Esc leaves a pattern's colorways (not while typing in a field or a dialog is open).
  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key !== 'Escape' || e.defaultPrevented || t?.closest('input, select, textarea, [role="dialog"]')) return;
      e.preventDefault();
      go({ ...state, patternSeasonalId: null });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, go, state]);

  // A new page, page size or view starts at the top (the pager sits below the tiles).
  const shown = useRef(`${state.pageNumber}/${state.pageSize}/${open}`);
  useEffect(() => {
    const now = `${state.pageNumber}/${state.pageSize}/${open}`;
    if (shown.current !== now) window.scrollTo({ top: 0 });
    shown.current = now;
  }, [state.pageNumber, state.pageSize, open]);

  const page = tiles.data;
  const rows = page?.Results ?? [];
  const subtitle =
    open !== null
      ? 'The colorways of this pattern you may see; open one for its details. Esc goes back to the patterns.'
      : 'Pattern tiles of a brand with their product image; open one for its colorways.';
  return (
    <>
      <PageHeader title={open !== null && pattern?.PatternName ? pattern.PatternName : 'Catalog'} subtitle={subtitle} />
      <CatalogFilters state={state} onChange={(change) => go(withFilters(state, change))} />
      <div className="catalog-bar">
        {open !== null ? (
          <button type="button" className="btn" onClick={() => go({ ...state, patternSeasonalId: null })}>
            ← Back to patterns
          </button>
        ) : (
          <SelectionBar selection={selection} />
        )}
        {open !== null ? (
          <TileSizeSlider label="Colorways per row" value={colorwaysPerRow} onChange={setColorwaysPerRow} {...COLORWAY_TILES_PER_ROW} />
        ) : (
          <TileSizeSlider label="Tiles per row" value={patternsPerRow} onChange={setPatternsPerRow} {...PATTERN_TILES_PER_ROW} />
        )}
      </div>
      <div ref={body} className="catalog-body" aria-busy={open === null ? tiles.isLoading : colorways.isLoading}>
        {open === null && tiles.error && <FormAlert messages={[errorText(tiles.error, 'The catalog could not be loaded.')]} />}
        {open === null && page && !rows.length && (
          <p className="catalog-empty">No patterns of {brandName ?? 'this brand'} match these filters. Clear the pattern name, gender or season to see more.</p>
        )}
        {open === null && rows.length > 0 && (
          <PatternTiles
            tiles={rows}
            perRow={patternsPerRow}
            thumbnailSize={thumbnailSize}
            focusRequest={returnFocus}
            isChosen={selection.has}
            onChoose={(tile, range) => selection.choose(tile, rows, range)}
            onOpen={(tile: PatternTile) => go({ ...state, patternSeasonalId: tile.PatternSeasonalId })}
          />
        )}
        {open === null && page && page.TotalRecords > 0 && (
          <div className="catalog-pager">
            <Pager
              page={page.CurrentPageNumber}
              pageSize={page.PageSize}
              totalPages={page.TotalPageCount}
              totalRecords={page.TotalRecords}
              onPage={(p) => go({ ...state, pageNumber: p })}
              onPageSize={(s) => go({ ...state, pageNumber: 1, pageSize: s })}
            />
          </div>
        )}
        {open !== null && colorways.error && (
          <p className="catalog-empty">
            {colorways.error instanceof ApiError && colorways.error.status === 404
              ? 'This pattern is not in the catalog: it was deleted, or it is not one you may see.'
              : errorText(colorways.error, 'The colorways could not be loaded.')}
          </p>
        )}
        {open !== null && colorways.data && (
          <>
            <p className="catalog-pattern-meta">
              {[pattern?.SeasonName, pattern?.GenderName, pattern?.StatusName].filter(Boolean).join(' · ')}
              {' · '}
              {countOf(colorways.data.Prototypes.length, 'colorway')}
            </p>
            <PatternColorways colorways={colorways.data.Prototypes} perRow={colorwaysPerRow} thumbnailSize={thumbnailSize} />
          </>
        )}
      </div>
    </>
  );
}
