/**
 * Every keyboard shortcut of the app in one list (issue 11): the `?` help dialog renders it. A new
 * shortcut is added here with its handler; grid keys are Handsontable's and the DataGrid's.
 */
export interface Shortcut {
  /** Key combinations, any of which works (shown as <kbd>). */
  keys: readonly string[];
  what: string;
}

export interface ShortcutGroup {
  where: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    where: 'Everywhere',
    shortcuts: [
      { keys: ['?'], what: 'Show this list of keyboard shortcuts (outside text fields)' },
      { keys: ['Esc'], what: 'Close the open dialog or menu' },
      { keys: ['Ctrl+Shift+E', '⌘+Shift+E'], what: 'Open the error log (users who may see it)' },
    ],
  },
  { where: 'Forms', shortcuts: [{ keys: ['Ctrl+S', '⌘+S'], what: 'Save the open form' }] },
  {
    where: 'Navigation bar',
    shortcuts: [
      { keys: ['/', 'Ctrl+K', '⌘+K'], what: 'Go to the quick search (/ outside text fields)' },
      { keys: ['↑', '↓', 'Enter'], what: 'Quick search: move through the results; Enter opens the highlighted one, or searches colorways for the text' },
      { keys: ['Esc'], what: 'Quick search: close the results; again to clear the text' },
      { keys: ['Enter', 'Space', '↓'], what: 'Open a menu on its first item (↑ on its last)' },
      { keys: ['↑', '↓', 'Home', 'End'], what: 'Move between the items of an open menu' },
    ],
  },
  {
    where: 'Grids',
    shortcuts: [
      { keys: ['↑', '↓', '←', '→', 'Tab'], what: 'Move between cells' },
      { keys: ['Enter'], what: 'Open the row’s record from a read-only cell; edit an editable cell' },
      { keys: ['F2'], what: 'Edit the selected cell' },
      { keys: ['Ctrl+C', 'Ctrl+X', 'Ctrl+V'], what: 'Copy, cut and paste cells (tab-separated, as Excel does)' },
      { keys: ['Ctrl+Z', 'Ctrl+Y'], what: 'Undo and redo a change (editable grids)' },
      { keys: ['Delete'], what: 'Clear the selected cells (editable grids)' },
      { keys: ['Ctrl+Shift+F', '⌘+Shift+F'], what: 'Find a column by its name' },
      { keys: ['Ctrl+Shift+H', '⌘+Shift+H'], what: 'Show the selected cell’s history (also in the cell’s context menu)' },
      { keys: ['F4'], what: 'Look up an HTS code for the selected row (HTS flash edit)' },
    ],
  },
];

/** A key press typed into a field (or a grid cell), where a plain key is text, not a shortcut. */
export function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('.handsontable');
}
