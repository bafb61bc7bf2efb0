/** The props of OwnedGrid and of its Handsontable part, OwnedTable (OwnedGrid.tsx, OwnedTable.tsx). */
import type { ReactNode, RefObject } from 'react';
import type Handsontable from 'handsontable/base';
import type { ReferenceOption } from '../schema-form/reference';
import type { CellResult } from './cell-values';
import type { GridColumn } from './columns';
import type { CellDecoration } from './hot-cells';
import type { RowErrors, RowKey, RowsChange } from './owned-rows';

type OptionsSource<R> = readonly ReferenceOption[] | ((row: R) => readonly ReferenceOption[] | undefined);

export interface OwnedGridProps<R extends object> {
  /** The grid document naming the columns. */
  gridId?: string;
  /** Columns the screen computes (an uploaded file's, the forecast's quarters), instead of a grid document. */
  columns?: readonly GridColumn[];
  /** Header texts the screen sets (a title with a value in it). */
  titles?: Readonly<Record<string, string>>;
  rows: readonly R[];
  /** Each change the user makes; without it (or with `readOnly`) the grid is read only. */
  onChange?: (rows: R[], change: RowsChange<R>) => void;
  rowKey?: (row: R) => RowKey;
  readOnly?: boolean;
  /** A new blank row: the Add row button, and rows pasted past the last one. */
  newRow?: (rows: readonly R[]) => R;
  /** Which rows Remove row may remove (the button shows with it). */
  canRemove?: (row: R) => boolean;
  /** Asked before Remove row removes `rows` (a screen's confirmation): `remove` goes on. */
  confirmRemove?: (rows: readonly R[], remove: () => void) => void;
  /** Rows move: dragged by their row header, Alt+Up/Down, Move up/down. */
  reorder?: boolean;
  /** Pick-list columns: the choices of each row (a list, or per row). */
  options?: Readonly<Record<string, OptionsSource<R>>>;
  /** The screen's own reading of typed or pasted text (QF-006: no number is 0); default: by kind. */
  parse?: (col: GridColumn, text: unknown) => CellResult;
  /** Cells a row's state locks (a saved row, a field its level does not have); a text says why (hover, and what a paste skipped). */
  cellReadOnly?: (row: R, field: string) => boolean | string;
  /** The screen's errors per row key and field (a refused save's), shown red with the message. */
  errors?: RowErrors;
  /** The screen's classes, title or shown text of a cell. */
  decorate?: (row: R, field: string, index: number) => CellDecoration | undefined;
  frozen?: number;
  height: number | string;
  testId?: string;
  className?: string;
  label?: string;
  /** The screen's own buttons, after the grid's. */
  toolbar?: ReactNode;
  onSelect?: (row: R | null, index: number | null) => void;
  /**
   * Opens a row (a list's record, DataGrid's `onRowOpen`): Enter on a read-only cell of the selected
   * row, or a double-click on one. On an editable cell Enter and a double-click edit it, as always.
   */
  onOpen?: (row: R) => void;
  /** A key on the selected row the screen handles itself (true: handled). */
  onKey?: (e: KeyboardEvent, row: R | undefined) => boolean;
  /** A cell to select once its row is shown (a new row's first cell; no field: the column selected now); a new object selects again. */
  focus?: { key: RowKey; field?: string } | null;
  /** A row kept in view, a few rows below the top (a calculator's highlighted row). */
  scrollToRow?: number;
  stretch?: 'all' | 'last';
  hotRef?: RefObject<Handsontable | null>;
}
