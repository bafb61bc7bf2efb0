/**
 * OwnedGrid (ADR 029): DataGrid's editable grid for rows a screen owns (a header's child rows, a
 * wizard's new rows, computed rows): the rows come from the screen and every change goes back to it
 * as the new list (controlled value + onChange); the screen saves them its own way. Columns come
 * from a grid document (`schemas/grids/<id>.grid.json`, `"owned": true`) and its entity, with
 * DataGrid's cell kinds, editors and renderers; pick-list columns take the choices the screen gives.
 * Add row, Remove row, reorder (drag by the row number, Alt+Up/Down, Move up/down), Excel paste as
 * one change, fill handle, Ctrl+D, undo/redo (Ctrl+Z, Ctrl+Y) and per-cell errors passed in by the
 * screen (red, the message as the cell's title). Without `onChange` it is a read-only grid; `onOpen`
 * opens a row (a list's record: Enter or a double-click on a read-only cell).
 * The grid never changes its data itself: it cancels Handsontable's write and shows the rows it is
 * given, so a change the screen refuses does not appear. Text a cell refuses is marked red with its
 * message and not written. The pure part (changes, undo, paste, fill) is owned-rows.ts; the Handsontable
 * part is OwnedTable.tsx (its toolbar OwnedGridToolbar.tsx), the props owned-grid-props.ts.
 *
 * @example <OwnedGrid gridId="corporate-template" rows={rows} rowKey={(r) => r.k} onChange={setRows} newRow={blankRow} canRemove={() => true} reorder height={400} />
 * @example <OwnedGrid gridId="margin-calculator" rows={table} height={560} decorate={(r) => (r.IsEntered ? { className: 'calc-grid__hit-row' } : undefined)} />
 */
import { useMemo } from 'react';
import { useEntitySchema, useGridDocument } from '../fields/schema-docs';
import type { OwnedGridProps } from './owned-grid-props';
import { OwnedTable } from './OwnedTable';
import { ownedColumns } from './owned-rows';

export type { RowKey, RowsChange } from './owned-rows';

/** See the module comment. */
export function OwnedGrid<R extends object>({ gridId, columns: given, titles, ...rest }: OwnedGridProps<R>) {
  const { data: grid, error } = useGridDocument(given ? null : gridId);
  const { data: schema } = useEntitySchema(grid?.entity);
  // By content: a screen passes new objects each render (a title with a value in it).
  const listed = Object.keys(rest.options ?? {}).join();
  const named = JSON.stringify(titles ?? {});
  const columns = useMemo(
    () => given ?? (grid && schema ? ownedColumns(grid, schema, listed ? listed.split(',') : [], JSON.parse(named)) : null),
    [given, grid, schema, listed, named],
  );
  if (error)
    return (
      <div className="alert alert--error" role="alert">
        This grid could not be loaded.
      </div>
    );
  if (!columns)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  return <OwnedTable {...rest} columns={columns} frozen={rest.frozen ?? grid?.frozen} />;
}
