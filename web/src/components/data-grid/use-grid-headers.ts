/**
 * The column headers of a GridTable: titles with the sort's arrow, the full title (and column
 * filter) on hover, a filter button that opens the column's filter, aria-colindex matching the
 * cells', and a header resized or dragged reported by field (the user's widths and order).
 */
import { useCallback, useMemo, type RefObject } from 'react';
import type { GridColumn } from './columns';
import { sortArrow } from './header-width';
import type { GridSort, GridTableProps } from './grid-table-props';

/** What the headers read of the GridTable's props, as they are now. */
type HeaderProps = Pick<GridTableProps, 'columns' | 'filtered' | 'onFilterOpen' | 'onResize' | 'onReorder'>;

/** GridTable's `colHeaders` and header hooks; see the module comment. */
export function useGridHeaders(
  latest: RefObject<HeaderProps>,
  columns: readonly GridColumn[],
  sort: GridSort | null | undefined,
  filtered: ReadonlyMap<string, string> | undefined,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter redraws the headers (their filter mark)
  const headers = useMemo(
    () =>
      columns.map((c) => {
        const arrow = sort?.field === c.field ? sortArrow(sort.direction) : '';
        return `${c.title}${arrow}`;
      }),
    [columns, sort, filtered],
  );

  // The header's full title on hover (the header text is cut with an ellipsis when narrow). With
  // frozen columns Handsontable numbers the scrolling headers' aria-colindex one short of their
  // cells'; the header of column n is column n + 1 for assistive tech, as its cells are.
  const afterGetColHeader = useCallback(
    (col: number, th: HTMLTableCellElement) => {
      const c = col >= 0 ? latest.current.columns[col] : undefined;
      const filter = c ? latest.current.filtered?.get(c.field) : undefined;
      if (c) th.title = filter ? `${c.title} (filter: ${filter})` : c.title;
      else th.removeAttribute('title');
      th.querySelector('.data-grid__filter')?.remove();
      if (c && latest.current.onFilterOpen) {
        const b = document.createElement('button');
        b.type = 'button';
        b.tabIndex = -1;
        b.className = `data-grid__filter${filter ? ' data-grid__filter--on' : ''}`;
        b.setAttribute('aria-label', `Filter ${c.title}`);
        b.textContent = '▾';
        // Its own mouse down: the header's (sort, column selection) is not run.
        b.addEventListener('mousedown', (ev) => {
          ev.stopPropagation();
          ev.preventDefault();
          latest.current.onFilterOpen?.(c.field, b.getBoundingClientRect());
        });
        th.querySelector('.relative')?.append(b);
      }
      if (col >= 0 && th.hasAttribute('aria-colindex')) th.setAttribute('aria-colindex', String(col + 1));
    },
    [latest],
  );

  const afterColumnResize = useCallback(
    (width: number, col: number) => {
      const c = latest.current.columns[col];
      if (c && width > 0) latest.current.onResize?.(c.field, width);
    },
    [latest],
  );

  const beforeColumnMove = useCallback(
    (moved: number[], finalIndex: number) => {
      const fields = latest.current.columns.map((c) => c.field);
      const movedFields = moved.map((i) => fields[i]);
      const rest = fields.filter((f) => !movedFields.includes(f));
      rest.splice(Math.min(finalIndex, rest.length), 0, ...movedFields);
      latest.current.onReorder?.(rest);
      return false;
    },
    [latest],
  );

  return { headers, afterGetColHeader, afterColumnResize, beforeColumnMove };
}
