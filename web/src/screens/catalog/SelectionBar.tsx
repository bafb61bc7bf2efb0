/**
 * The selection of patterns (CAT-005) and what it is for: the chosen patterns (kept across pages)
 * are copied as a list — pattern, season, gender, status, colorway count — to paste into Excel
 * for a line review or a buy meeting. A count and Clear.
 */
import { useCallback, useState } from 'react';
import { toast } from '../../shell/toast-store';
import { SELECTION_COLUMNS, type PatternTile } from './catalog-api';
import { emptySelection, selectionTsv, selectRange, toggleTile, type TileSelection } from './tile-selection';

export const COPIED = (n: number) => `${n} ${n === 1 ? 'pattern' : 'patterns'} copied; paste them into Excel.`;

export function useTileSelection() {
  const [sel, setSel] = useState<TileSelection<PatternTile>>(emptySelection);
  const has = useCallback((id: number) => sel.chosen.has(id), [sel]);
  const choose = (tile: PatternTile, page: readonly PatternTile[], range: boolean) =>
    setSel((s) =>
      range
        ? selectRange(
            s,
            page.map((t) => ({ id: t.PatternSeasonalId, tile: t })),
            tile.PatternSeasonalId,
            tile,
          )
        : toggleTile(s, tile.PatternSeasonalId, tile),
    );
  return { chosen: sel.chosen, has, choose, clear: () => setSel(emptySelection()) };
}

export function SelectionBar({ selection }: { selection: ReturnType<typeof useTileSelection> }) {
  const n = selection.chosen.size;
  const copy = async () => {
    const text = selectionTsv([...selection.chosen.values()] as unknown as Record<string, unknown>[], SELECTION_COLUMNS);
    try {
      await navigator.clipboard.writeText(text);
      toast.success(COPIED(n));
    } catch {
      toast.error('The list could not be copied: this browser did not allow access to the clipboard.');
    }
  };
  if (!n) {
    return <p className="catalog-selection muted">Select patterns with their checkbox (Shift-click for a range) to copy them as a list for Excel.</p>;
  }
  return (
    <div className="catalog-selection" role="group" aria-label="Selected patterns">
      <strong aria-live="polite">
        {n} {n === 1 ? 'pattern' : 'patterns'} selected
      </strong>
      <button
        type="button"
        className="btn btn--small btn--primary"
        onClick={() => void copy()}
        title="Pattern, season, gender, status and colorway count as lines to paste into Excel"
      >
        Copy as list for Excel
      </button>
      <button type="button" className="btn btn--small" onClick={selection.clear}>
        Clear
      </button>
    </div>
  );
}
