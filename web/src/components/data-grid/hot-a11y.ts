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
