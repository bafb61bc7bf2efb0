/**
 * The columns a DataGrid shows and their sort: the user's column preferences (order, hidden
 * columns, widths; read before the grid shows its columns, saved with each change), or the order,
 * hidden columns and sort a screen holds (`columnState`, a saved search) with the widths still the
 * user's; and what the header, the column chooser and a region view change of them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyPrefs, EMPTY_PREFS, withWidth, type ColumnPrefs } from './column-prefs';
import { inView, type GridColumn } from './columns';
import type { GridSort } from './grid-table-props';
import { loadColumnPrefs, saveColumnPrefs } from './prefs-store';

/** A screen's hold of a grid's columns and sort (DataGrid `columnState`). */
export interface ColumnState {
  hidden: string[];
  order: string[];
  sort: GridSort | null;
}

interface ColumnPrefsSource {
  userId: string;
  gridId: string;
  /** Every column the grid may show, in the document's order. */
  columns: readonly GridColumn[];
  /** The screen's hold of the columns and sort (DataGrid `columnState`), and its word of a change. */
  columnState?: ColumnState;
  onColumnStateChange?: (state: ColumnState) => void;
  /** The grid document's region views and the one shown. */
  views?: Record<string, string[]>;
  viewName?: string;
  /** After each new sort (the pages start again). */
  onSorted: () => void;
}

/** See the module comment. `prefsKnown`: the user's preferences are read (the grid may show its columns). */
export function useColumnPrefs({ userId, gridId, columns, columnState, onColumnStateChange, views, viewName, onSorted }: ColumnPrefsSource) {
  const [userPrefs, setPrefs] = useState<ColumnPrefs>(EMPTY_PREFS);
  // The grid shows its columns once the user's are known: a column they hid never flashes in.
  const prefsKey = `${userId}:${gridId}`;
  const [prefsKnownFor, setPrefsKnownFor] = useState<string | null>(null);
  const prefs = useMemo(() => (columnState ? { ...userPrefs, order: columnState.order, hidden: columnState.hidden } : userPrefs), [userPrefs, columnState]);
  useEffect(() => {
    let live = true;
    void loadColumnPrefs(userId, gridId).then((p) => {
      if (!live) return;
      setPrefs(p);
      setPrefsKnownFor(`${userId}:${gridId}`);
    });
    return () => {
      live = false;
    };
  }, [userId, gridId]);
  const stateRef = useRef(columnState);
  stateRef.current = columnState;
  const updatePrefs = useCallback(
    (next: ColumnPrefs) => {
      const held = stateRef.current;
      if (held) {
        // The screen holds order and hidden columns; widths stay the user's.
        if (next.order !== held.order || next.hidden !== held.hidden) onColumnStateChange?.({ ...held, order: next.order, hidden: next.hidden });
        next = { ...userPrefs, widths: next.widths };
      }
      setPrefs(next);
      void saveColumnPrefs(userId, gridId, next);
    },
    [userId, gridId, onColumnStateChange, userPrefs],
  );
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const onResize = useCallback((field: string, width: number) => updatePrefs(withWidth(prefsRef.current, field, width)), [updatePrefs]);
  const visible = useMemo(() => inView(applyPrefs(columns, prefs), views, viewName), [columns, prefs, views, viewName]);
  const hidden = useMemo(() => new Set(prefs.hidden), [prefs]);

  const [ownSort, setOwnSort] = useState<GridSort | null>(null);
  const sort = columnState ? columnState.sort : ownSort;
  const onSort = useCallback(
    (field: string) => {
      const next = (s: GridSort | null): GridSort =>
        s?.field === field ? { field, direction: s.direction === 'ASC' ? 'DESC' : 'ASC' } : { field, direction: 'ASC' };
      const held = stateRef.current;
      if (held) onColumnStateChange?.({ ...held, sort: next(held.sort) });
      else setOwnSort(next);
      onSorted();
    },
    [onColumnStateChange, onSorted],
  );
  const onReorder = useCallback(
    (fields: string[]) => {
      const all = applyPrefs(columns, { order: prefs.order, hidden: [] }).map((c) => c.field);
      // Hidden columns keep their place relative to the visible ones they followed.
      const order = [...fields, ...all.filter((f) => !fields.includes(f))];
      updatePrefs({ ...prefs, order });
    },
    [columns, prefs, updatePrefs],
  );
  // A column one place left or right among the shown ones (the column chooser's keyboard move).
  const onMove = useCallback(
    (field: string, by: -1 | 1) => {
      const fields = visible.map((c) => c.field);
      const i = fields.indexOf(field);
      const j = i + by;
      if (i < 0 || j < 0 || j >= fields.length || visible[j].key) return;
      [fields[i], fields[j]] = [fields[j], fields[i]];
      onReorder(fields);
    },
    [visible, onReorder],
  );
  const chooserColumns = useMemo(() => applyPrefs(columns, { order: prefs.order, hidden: [] }), [columns, prefs.order]);
  const onToggle = useCallback(
    (field: string, show: boolean) => {
      const next = new Set(prefs.hidden);
      if (show) next.delete(field);
      else next.add(field);
      updatePrefs({ ...prefs, hidden: [...next] });
    },
    [prefs, updatePrefs],
  );

  return { prefs, prefsKnown: prefsKnownFor === prefsKey, visible, hidden, chooserColumns, sort, onSort, onReorder, onMove, onToggle, onResize };
}
