/**
 * A grid document (schemas/grids/<id>.grid.json) as the server loads it and sends it to the web:
 * one type for both sides (the web's DataGrid and OwnedGrid read it as `@domain/grid-document`).
 */

/** One (module, action) pair (schemas/permissions.json names). */
export type PermissionPair = [module: string, action: string];
/** One pair or a list of alternatives (ADR 002). */
export type PermissionRef = PermissionPair | PermissionPair[];

/** The filters a grid's search accepts besides brand, season and status. */
export interface GridFilters {
  text?: string[];
  equals?: string[];
  inactive?: string;
}

export interface GridDoc {
  id: string;
  entity: string;
  title: string;
  columns: { field: string; width?: number; readOnly?: boolean }[];
  /** How many leading columns are key columns (frozen on the left, always first); default 0. */
  frozen?: number;
  /** Fields every row carries besides its columns, not shown (the keys of the screen a row opens, e.g. a critical path's pattern seasonal). */
  keys?: string[];
  /** Permission to open the grid (default: the entity module's read). */
  read?: PermissionRef;
  /** Permission to save in the grid (default: the entity module's edit). */
  edit?: PermissionRef;
  /** The filters a search of this grid accepts besides brand, season and status. */
  filters?: GridFilters;
  /** A flash-edit screen's criteria bar: the filter fields it offers, in order (brand, season, status and `filters.equals` fields). */
  criteria?: string[];
  /**
   * Region views (FLASH-019/027): view name → the column fields the view shows. A column named in
   * no view is shown in every view; a view shows and hides columns, it never changes the data.
   */
  views?: Record<string, string[]>;
  /** The view a user starts with (default: the first). */
  defaultView?: string;
  /** The link cell of each row (FLASH-003): the column shown as a link and the record it opens. */
  link?: { field: string; to: 'colorway' | 'pattern' };
  /** The screen's own texts (FLASH-014/017/025); `failedRow` wraps a refused row's message at `{message}`. */
  messages?: { loadError?: string; empty?: string; failedRow?: string };
  /** Report name of the export file, `{report}-Export.xlsx` (default: the title). */
  report?: string;
  /** The rows are a screen's own (OwnedGrid, ADR 029): the grid has no search, export or save under /api/Grid. */
  owned?: boolean;
}
