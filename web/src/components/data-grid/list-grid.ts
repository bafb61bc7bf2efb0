/** OwnedGrid's rows shown in place (ADR 029): the grid's own loads told apart from the user's edits. */
import { useEffect, useRef, type RefObject } from 'react';
import type { HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { labelCellEditor } from './hot-a11y';

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
  useEffect(() => {
    ref.current?.hotInstance?.render();
  }, [ref, marked]);
}
