/**
 * The keys of a GridTable (Handsontable `beforeKeyDown`) and what a selection says
 * (`afterSelectionEnd`): Enter on a read-only cell opens its row, Alt/Ctrl+Enter is the row click
 * with that key, Ctrl+S sends the unsaved rows again, Esc puts them back, Ctrl+D fills down,
 * Alt+Down opens the column's filter; a locked cell says why, once, when typed into or selected;
 * typing into a read-only grid says it is read only.
 */
import { useCallback, useRef, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';
import type { GridRecord, Unsaved } from './change-batch';
import { shownField } from './columns';
import type { GridEditor } from './grid-editor';
import { lockOf } from './grid-cells';
import type { GridTableProps } from './grid-table-props';
import { selectedRecords } from './hot-setup';
import { countOf } from '../../format/count';

/** A key that would type into (or clear) a cell. */
const typesIntoCell = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey && (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete');
const withCtrl = (e: KeyboardEvent, key: string) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === key;

/** What the keys and the selection read of the GridTable's props, as they are now. */
type KeyProps = Pick<
  GridTableProps,
  'columns' | 'keyField' | 'onReadOnlyInput' | 'onNotice' | 'onHint' | 'onFilterOpen' | 'onRowClick' | 'onRowOpen' | 'onSelectionChange'
>;

interface GridKeysSource {
  ref: RefObject<HotTableRef | null>;
  latest: RefObject<KeyProps>;
  /** The grid takes edits now (editable, not a read-only grid). */
  editableRef: RefObject<boolean>;
  unsaved: RefObject<Unsaved>;
  editor: GridEditor;
  recordAt: (row: number) => GridRecord | undefined;
}

/** GridTable's `beforeKeyDown` and `afterSelectionEnd`; see the module comment. */
export function useGridKeys({ ref, latest, editableRef, unsaved, editor, recordAt }: GridKeysSource) {
  // The cell whose lock was last said (said once per cell, not per key).
  const said = useRef('');
  // Enter on a read-only cell opens the row (on an editable one it edits, as always); typing
  // into a read-only grid says that it is read only.
  const beforeKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const hot = ref.current?.hotInstance;
      const readOnlyInput = latest.current.onReadOnlyInput;
      if (hot && readOnlyInput && typesIntoCell(e) && hot.getSelectedRangeLast()) {
        readOnlyInput();
        return;
      }
      // Ctrl+S sends the rows holding unsaved input again (an open cell editor's text first).
      if (hot && editableRef.current && withCtrl(e, 's')) {
        e.preventDefault();
        e.stopImmediatePropagation();
        hot.getActiveEditor()?.finishEditing();
        void editor.resend().then((n) => {
          if (!n) latest.current.onNotice?.('Every change is saved.');
        });
        return;
      }
      // Esc on rows holding unsaved input puts their saved values back.
      if (hot && editableRef.current && e.key === 'Escape' && !hot.getActiveEditor()?.isOpened() && unsaved.current.size) {
        const n = editor.revert(selectedRecords(hot, recordAt).map((r) => Number(r[latest.current.keyField])));
        if (n) {
          e.stopImmediatePropagation();
          latest.current.onNotice?.(`${countOf(n, 'unsaved cell')} back to the saved value${n === 1 ? '' : 's'}.`);
          return;
        }
      }
      // Ctrl+D fills down, as in Excel: the top row of the selection over the rows below it (one undo step, one save).
      if (hot && editableRef.current && withCtrl(e, 'd') && !hot.getActiveEditor()?.isOpened()) {
        const range = hot.getSelectedRangeLast();
        const top = range?.getTopStartCorner().row ?? -1;
        const left = Math.max(0, range?.getTopStartCorner().col ?? 0);
        const bottom = range?.getBottomEndCorner().row ?? -1;
        const right = range?.getBottomEndCorner().col ?? -1;
        e.preventDefault();
        e.stopImmediatePropagation();
        if (top < 0 || bottom <= top) return;
        const rec = recordAt(top);
        const values = latest.current.columns.slice(left, right + 1).map((c) => rec?.[shownField(c)]);
        void editor.fill([values], { top: { row: top + 1, col: left }, bottom: { row: bottom, col: right } }, false);
        return;
      }
      const at = hot?.getSelectedRangeLast()?.highlight;
      // Alt+Down: the filter of the selected cell's column (as Excel's autofilter).
      if (hot && at && e.altKey && e.key === 'ArrowDown' && latest.current.onFilterOpen && !hot.getActiveEditor()?.isOpened()) {
        const col = latest.current.columns[at.col ?? -1];
        const th = hot.getCell(-1, at.col ?? 0, true);
        if (col) {
          e.stopImmediatePropagation();
          e.preventDefault();
          latest.current.onFilterOpen(col.field, (th ?? hot.rootElement).getBoundingClientRect());
        }
        return;
      }
      // Typing into a locked cell says why, once for that cell.
      if (hot && at && editableRef.current && typesIntoCell(e) && latest.current.onNotice && (at.row ?? -1) >= 0 && (at.col ?? -1) >= 0) {
        const c = latest.current.columns[at.col!];
        const lock = c ? lockOf(recordAt(at.row!), c) : undefined;
        const cell = `${at.row}:${at.col}`;
        if (lock && said.current !== cell) {
          said.current = cell;
          latest.current.onNotice(lock.message);
        }
      }
      // Alt+Enter or Ctrl+Enter on a row: the row click with that key (a search result's child data or new tab).
      const modified = latest.current.onRowClick && e.key === 'Enter' && (e.altKey || e.ctrlKey || e.metaKey) && !e.shiftKey;
      const selRow = hot?.getSelectedRangeLast()?.highlight.row ?? -1;
      const picked = modified && selRow >= 0 && !hot?.getActiveEditor()?.isOpened() ? recordAt(selRow) : undefined;
      if (picked) {
        e.stopImmediatePropagation();
        e.preventDefault();
        latest.current.onRowClick?.(picked, e);
        return;
      }
      const open = latest.current.onRowOpen;
      if (!hot || !open || e.key !== 'Enter' || e.ctrlKey || e.altKey || e.shiftKey || e.metaKey || hot.getActiveEditor()?.isOpened()) return;
      const cell = hot.getSelectedRangeLast()?.highlight;
      const row = cell?.row ?? -1;
      const col = cell?.col ?? -1;
      if (row < 0 || col < 0 || !hot.getCellMeta(row, col).readOnly) return;
      const rec = recordAt(row);
      if (!rec) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      open(rec);
    },
    [ref, latest, editableRef, unsaved, recordAt, editor],
  );

  const afterSelectionEnd = useCallback(() => {
    const hot = ref.current?.hotInstance;
    if (!hot) return;
    // A single locked cell selected (by mouse or keyboard) says why.
    said.current = '';
    const range = hot.getSelectedRangeLast();
    const at = range?.highlight;
    const single =
      !!range && range.getTopStartCorner().row === range.getBottomEndCorner().row && range.getTopStartCorner().col === range.getBottomEndCorner().col;
    const c = single && at && (at.col ?? -1) >= 0 ? latest.current.columns[at.col!] : undefined;
    latest.current.onHint?.((editableRef.current && c && (at?.row ?? -1) >= 0 && lockOf(recordAt(at!.row!), c)?.message) || null);
    latest.current.onSelectionChange?.(selectedRecords(hot, recordAt));
  }, [ref, latest, editableRef, recordAt]);

  return { beforeKeyDown, afterSelectionEnd };
}
