/**
 * Grids of the screen's rows: showing them in place (useListGridData, OwnedGrid's too), and the
 * critical paths' ProcessGrid settings and drag and selection handlers, which go when it moves onto
 * OwnedGrid (ADR 029).
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { labelCellEditor } from './hot-a11y';
import { HOT_BASE } from './hot-setup';

/** The HotTable settings every list grid has (30 px rows with numbered row headers to drag by). */
export const LIST_GRID_PROPS = {
  ...HOT_BASE, rowHeaders: true, rowHeaderWidth: 44, rowHeights: 30, outsideClickDeselects: false, afterInit: labelCellEditor as never, afterBeginEditing: labelCellEditor as never,
} as const;

/** Edits from the grid's own loads are not the user's. */
export const OWN_SOURCES = new Set(['loadData', 'updateData']);

/**
 * Shows `data` (one array of cell values per row): loadData the first time, then updateData, which
 * keeps the selection, and only when the grid does not show it already (the cell just edited);
 * draws again when the marks change. Hands the instance to `hotRef`.
 */
export function useListGridData(ref: RefObject<HotTableRef | null>, data: unknown[][], marked: unknown, hotRef?: { current: Handsontable | null }) {
  const loaded = useRef(false);
  useEffect(() => {
    const hot = ref.current?.hotInstance;
    if (!hot) return;
    if (hotRef) hotRef.current = hot;
    const text = (rows: unknown[][]) => JSON.stringify(rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v)))));
    if (!loaded.current) hot.loadData(data);
    else if (text(hot.getData() as unknown[][]) !== text(data)) hot.updateData(data);
    else hot.render();
    loaded.current = true;
    labelCellEditor.call(hot);
  }, [ref, data, hotRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new marks draw the cells again (the renderer reads them)
  useEffect(() => { ref.current?.hotInstance?.render(); }, [ref, marked]);
}

/** The drag (refused in the grid: the screen moves its rows) and selection handlers of a list grid. */
export function listGridHandlers(ref: RefObject<HotTableRef | null>, latest: { current: { onMove: (moved: number[], finalIndex: number) => void; onSelect: (index: number | null) => void } }) {
  return {
    beforeRowMove: ((moved: number[], finalIndex: number) => {
      latest.current.onMove(moved, finalIndex);
      return false;
    }) as never,
    afterSelectionEnd: ((row: number) => {
      const hot = ref.current?.hotInstance;
      if (hot) labelCellEditor.call(hot);
      latest.current.onSelect(row >= 0 ? row : null);
    }) as never,
  };
}
