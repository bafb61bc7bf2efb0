/**
 * Ctrl/⌘+click or middle click on a DataGrid link cell opens the record in a new tab (FLASH-003, every grid with a link column).
 * Handsontable re-renders the cell on mousedown (a Ctrl+click adds a selection), so the browser's
 * own new-tab click never reaches the link: the press is taken before the grid sees it.
 */
import type { MouseEvent as ReactMouseEvent } from 'react';

export function openLinkInNewTab(e: ReactMouseEvent) {
  const a = (e.target as HTMLElement | null)?.closest?.('a.data-grid__link') as HTMLAnchorElement | null;
  if (!a || !(e.button === 1 || (e.button === 0 && (e.ctrlKey || e.metaKey)))) return;
  e.preventDefault();
  e.stopPropagation();
  window.open(a.href, '_blank', 'noopener');
}
