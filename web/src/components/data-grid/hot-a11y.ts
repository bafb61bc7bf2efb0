/**
 * Accessibility fixes shared by every Handsontable grid of the app (axe: no focusable scrolling
 * holder, a named cell editor hidden from assistive technology while it is closed). Handsontable
 * hooks: pass as `afterInit` / `afterBeginEditing` (bound to the instance), or call with `.call(hot)`.
 */
import type Handsontable from 'handsontable';

/** No tabindex on the scrolling holder: the grid's cells take the keyboard, not the holder. */
export function dropHolderTabindex(this: Handsontable) {
  this.rootElement.querySelector('.ht_master > .wtHolder[tabindex]')?.removeAttribute('tabindex');
}

/** dropHolderTabindex, and the cell editor's textarea named 'Cell value' and hidden while closed. */
export function labelCellEditor(this: Handsontable) {
  dropHolderTabindex.call(this);
  const editing = !!this.getActiveEditor()?.isOpened();
  for (const t of this.rootElement.querySelectorAll('textarea.handsontableInput')) {
    t.setAttribute('aria-label', 'Cell value');
    if (editing) t.removeAttribute('aria-hidden');
    else t.setAttribute('aria-hidden', 'true');
  }
}

/**
 * The settings every small editable grid of a screen shares (critical path processes, the corporate
 * template, the quarterly forecast): the license and theme, fixed 30 px rows and given widths (no
 * auto-size), the grid filling its box, the selection kept when focus leaves, no spare rows, and the
 * accessibility fixes above on init and on each edit.
 */
export const SMALL_GRID_SETTINGS = {
  licenseKey: 'non-commercial-and-evaluation',
  themeName: 'ht-theme-main',
  rowHeights: 30,
  autoRowSize: false,
  autoColumnSize: false,
  wordWrap: false,
  width: '100%',
  height: '100%',
  outsideClickDeselects: false,
  minSpareRows: 0,
  afterInit: labelCellEditor as never,
  afterBeginEditing: labelCellEditor as never,
} as const;
