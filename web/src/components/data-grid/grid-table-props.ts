/** The props of GridTable and what it offers the DataGrid around it (GridTable.tsx). */
import type { RefObject } from 'react';
import type Handsontable from 'handsontable/base';
import type { GridRecord, SaveAnswer, SaveRow } from './change-batch';
import type { GridColumn } from './columns';
import type { SaveOutcome } from './grid-editor';
import type { ThumbnailSource } from './thumbnail-cells';

export interface GridSort {
  field: string;
  direction: 'ASC' | 'DESC';
}

export interface GridTableProps {
  /** Visible columns in display order. */
  columns: readonly GridColumn[];
  /** The records shown; the grid edits these objects in place. */
  records: GridRecord[];
  /** Field holding each record's key (e.g. PrototypeSeasonalId). */
  keyField: string;
  /** Whether editable columns can be edited (the user holds the grid's edit permission). */
  editable: boolean;
  /** CONST-018: 30, or 35 on search grids. */
  rowHeight?: number;
  /** Pixel height of the grid viewport (rows are virtualised inside it). */
  height: number | string;
  sort?: GridSort | null;
  /** A header click: sort by that column (server side). */
  onSort?: (field: string) => void;
  /** A header drag: the new order of the visible fields. */
  onReorder?: (fields: string[]) => void;
  /** One save per edit batch (sent in chunks; `onChunk` hears each chunk's answer); resolves to the merged answer. */
  onSave?: (rows: SaveRow[], onChunk: (answer: SaveAnswer, done: number, total: number) => void) => Promise<Pick<SaveAnswer, 'Saved' | 'Failed'>>;
  /** Rows saved so far of a running save. */
  onProgress?: (done: number, total: number) => void;
  /** Rows someone else changed since they were loaded (the server's 409): the keys. */
  onStale?: (keys: number[]) => void;
  /** A word for the user (a cell that cannot be edited in its row's state, and why). */
  onNotice?: (text: string) => void;
  /** Why the selected cell cannot be edited (a single locked cell selected), or null. */
  onHint?: (text: string | null) => void;
  /** Fields with a column filter in force (their header shows it). */
  filtered?: ReadonlyMap<string, string>;
  /** A column's filter button, or Alt+Down on one of its cells: open its filter next to `anchor`. */
  onFilterOpen?: (field: string, anchor: DOMRect) => void;
  /** Wraps the messages of a row the server refused (the grid document's `failedRow`, FLASH-014). */
  failedText?: (message: string) => string;
  /** Receives what the grid offers its screen: replacing rows with fresh server values. */
  apiRef?: RefObject<GridTableApi | null>;
  /** After each batch: how many rows were saved and how many rejected, what a paste or fill skipped, how many rows hold unsaved input. */
  onSaved?: (result: SaveOutcome) => void;
  /** Receives the Handsontable instance (column finder, tests). */
  hotRef?: RefObject<Handsontable | null>;
  /** Called with true while a save is running. */
  onPending?: (pending: boolean) => void;
  /** Opens a row's record: a double-click or Enter on a read-only cell (in any grid), or a plain click on the link cell. */
  onRowOpen?: (record: GridRecord) => void;
  /** The column shown as a link to `rowHref` of its row. */
  linkField?: string;
  /** The address of a row's record (the link cell's href). */
  rowHref?: (record: GridRecord) => string;
  /** The records of the selected rows, after each selection. */
  onSelectionChange?: (records: GridRecord[]) => void;
  /** How many leading columns stay frozen on the left (the key columns). */
  frozen?: number;
  /** A column resized by dragging its header edge: its new width (px). Without it columns keep their widths. */
  onResize?: (field: string, width: number) => void;
  /** The user typed or pasted into a grid that cannot be edited. */
  onReadOnlyInput?: () => void;
  /** A single click on a row (any cell), or Alt/Ctrl+Enter on it, with the modifier keys (a search result opens, SEARCH-002..004). */
  onRowClick?: (record: GridRecord, e: Pick<MouseEvent, 'altKey' | 'ctrlKey' | 'metaKey'>) => void;
  /** The column (`field`) shown as the record's thumbnail (SHELL-028) and where the images come from. */
  thumbnails?: ThumbnailSource & { field: string };
  /** A click on a row's thumbnail (the enlarged image, SHELL-029). */
  onThumbnailClick?: (record: GridRecord) => void;
}

/** What a GridTable offers the DataGrid around it. */
export interface GridTableApi {
  /** Puts fresh server values into the rows with these keys (a reload of rows changed by someone else); their errors go. */
  replaceRows(rows: readonly GridRecord[]): void;
}
