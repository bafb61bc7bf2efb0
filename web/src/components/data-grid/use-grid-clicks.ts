/**
 * The mouse on a GridTable's rows and headers: a thumbnail click enlarges it, a single click is the
 * screen's row click, a plain click on a link cell opens the row in the app (a modified one is the
 * browser's: new tab), a double-click on a read-only cell opens its row, a header click sorts.
 */
import { useCallback, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';
import type { GridRecord } from './change-batch';
import type { GridTableProps } from './grid-table-props';
import { THUMBNAIL_CLASS } from './thumbnail-cells';

/** A plain left click on a link cell's link (a modified click is left to the browser: new tab). */
const plainLinkClick = (e: MouseEvent | ReactMouseEvent) =>
  e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey && !!(e.target as HTMLElement | null)?.closest?.('a.data-grid__link');

/** What the clicks read of the GridTable's props, as they are now. */
type ClickProps = Pick<GridTableProps, 'columns' | 'onThumbnailClick' | 'onRowClick' | 'onRowOpen' | 'onSort'>;

/** GridTable's `afterOnCellMouseDown`, and the click handler of its frame; see the module comment. */
export function useGridClicks(ref: RefObject<HotTableRef | null>, latest: RefObject<ClickProps>, recordAt: (row: number) => GridRecord | undefined) {
  const afterOnCellMouseDown = useCallback(
    (e: MouseEvent, coords: { row: number; col: number }) => {
      const clicked = coords.row >= 0 ? recordAt(coords.row) : undefined;
      if (clicked && (e.target as HTMLElement | null)?.classList?.contains(THUMBNAIL_CLASS) && latest.current.onThumbnailClick) {
        latest.current.onThumbnailClick(clicked);
      } else if (clicked && e.detail === 1 && e.button === 0 && !e.shiftKey && latest.current.onRowClick) {
        // Shift+click extends the selection (rows for a report, CP-013) instead of opening the row.
        latest.current.onRowClick(clicked, e);
      } else if (coords.row >= 0 && e.detail === 1 && plainLinkClick(e)) {
        const rec = recordAt(coords.row);
        if (rec) latest.current.onRowOpen?.(rec);
      } else if (coords.row === -1 && coords.col >= 0) {
        const col = latest.current.columns[coords.col];
        if (col && !(e.target as HTMLElement | null)?.closest?.('.data-grid__filter')) latest.current.onSort?.(col.field);
      } else if (coords.row >= 0 && e.detail === 2 && latest.current.onRowOpen) {
        // In an editable grid a double-click on an editable cell edits it; elsewhere it opens the row.
        const hot = ref.current?.hotInstance;
        if (hot && coords.col >= 0 && !hot.getCellMeta(coords.row, coords.col).readOnly) return;
        const rec = recordAt(coords.row);
        if (rec) latest.current.onRowOpen(rec);
      }
    },
    [ref, latest, recordAt],
  );

  // A plain click on a link opens the row in the app (on mouse down: the grid may render the cell
  // again before the click); the browser's own navigation is stopped. A modified click is the
  // browser's (new tab).
  const onLinkClick = useCallback((e: ReactMouseEvent<HTMLDivElement>) => {
    if (plainLinkClick(e)) e.preventDefault();
  }, []);

  return { afterOnCellMouseDown, onLinkClick };
}
