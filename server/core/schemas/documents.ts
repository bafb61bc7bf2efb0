/** Types of the schema documents (formats in docs/decisions/002-schema-documents.md). */

/** An array property stored as rows of a link table (ADR 002). */
export interface LinkSpec {
  table: string;
  /** Column holding each item (scalar items). */
  column?: string;
  /** Columns holding each item's parts (tuple items, e.g. [moduleid, actionid]). */
  columns?: string[];
  /** Column holding the owner's key; defaults to the base key's column. */
  keyColumn?: string;
}

/**
 * A list of child rows saved with their header (`x-children`: property → spec, ADR 031), or a list
 * saved whole without one (`x-list` on the row entity): the records pipeline plans, checks and
 * writes them (server/core/records/children.ts).
 */
export interface ChildSpec {
  /** The row entity. */
  entity: string;
  /** The row's field holding its header's key (none for a list of its own). */
  parentKey?: string;
  /** A field renumbered 10, 20, … in its order on every save (equal numbers keep the request's order). */
  order?: string;
  /** Whether a request may add rows (a row without its key, or key 0); default true. */
  add?: boolean;
  /** How a stored row goes: 'flag' (a request row with IsDeleted true), 'missing' (left out of the request), none (never). */
  remove?: 'flag' | 'missing';
  /** A stored row whose field is false cannot be removed (e.g. CanBeDeleted). */
  deletable?: string;
  /** A removed row is marked (this boolean field set true), not deleted; marked rows are not read. */
  softDelete?: string;
  /** The refusals' texts: a key not of the header's rows, a key named twice (default: unknownRow), a row that cannot go. */
  messages?: { unknownRow?: string; twice?: string; cannotDelete?: string; notAdded?: string };
}

/**
 * A reference to another record (`x-ref`): the source of its names and choices
 * (server/core/records/references.ts), the record field holding the name (default: the field without a
 * trailing `Id`, plus `Name`), the scope of its choices (option parameter -> a field of the form or a
 * constant), and whether it is fixed once the record exists (brand and season).
 */
export interface ReferenceSpec {
  source: string;
  name?: string;
  scope?: Record<string, string | number>;
  fixed?: boolean;
}

export interface PropertySchema {
  type?: string | string[];
  title?: string;
  format?: string;
  maxLength?: number;
  'x-table'?: string;
  'x-column'?: string;
  'x-lookup'?: string;
  'x-computed'?: boolean;
  /** Accepted in a save's changes and read from the view, never stored itself: an entity hook turns it into stored fields (ADR 002). */
  'x-input'?: boolean;
  'x-money'?: boolean;
  /** An integer user id the screens show as the user's name (shorthand for `x-ref: { source: 'users' }`). */
  'x-user'?: boolean;
  /** An integer key of another record, shown by its name (ADR 002). */
  'x-ref'?: ReferenceSpec;
  'x-link'?: LinkSpec;
  [k: string]: unknown;
}

export interface EntitySchema {
  $id?: string;
  title?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
  'x-tables'?: Record<string, string>;
  /** The child lists saved with a record of this entity, by request property (ADR 031). */
  'x-children'?: Record<string, ChildSpec>;
  /** This entity's rows are saved as one whole list, without a header (ADR 031). */
  'x-list'?: ChildSpec;
  'x-module'?: string;
  'x-brandField'?: string;
  'x-factoryField'?: string;
  /**
   * Tables kept beside the view with the columns searches filter and sort by, named as in the view
   * (records/read.ts reads a search's keys from the first that has every column the search needs).
   */
  'x-searchTable'?: string | string[];
  /** A search table whose sort columns a save writes just after its commit (ADR 036, core/search/catch-up.ts). */
  'x-searchCatchUp'?: SearchCatchUp;
  [k: string]: unknown;
}

/** The search table, the table a save notes its keys in, and the SQL function that applies the notes. */
export interface SearchCatchUp {
  table: string;
  pending: string;
  function: string;
}

import type { PermissionPair, PermissionRef } from '../../domain/grid-document';

export type { PermissionPair, PermissionRef };
/** One (module, action) pair, or a list of pairs of which any one suffices. */

export const permissionAlternatives = (ref: PermissionRef): PermissionPair[] => (Array.isArray(ref[0]) ? ref : [ref]) as PermissionPair[];

export interface VisibilityRule {
  name: string;
  fields: string[];
  hiddenFromFactoryUsers?: boolean;
  readOnlyForFactoryUsers?: boolean;
  read?: PermissionRef;
  edit?: PermissionRef;
}

/** `module` gives every field its default read and edit rule; without it (and without the entity's x-module) only the rules apply. */
export interface VisibilityDoc {
  entity: string;
  module?: string;
  rules: VisibilityRule[];
}

export interface LayoutDoc {
  entity: string;
  moduleId?: number;
  sections: { id: string; title: string; rows: string[][]; panel?: string; collapsed?: boolean }[];
}

export type { GridDoc } from '../../domain/grid-document';

/** An Excel upload kind (schemas/imports/<id>.import.json, meta.ts importMeta). */
export interface ImportDoc {
  id: string;
  entity: string;
  title: string;
  /** The upload queue's name for its jobs (UQ-003), e.g. 'Costing Upload'. */
  queueName: string;
  /** The grid whose editable columns the upload may change (and whose screen texts its rows use). */
  grid?: string;
  /** The fields that find a row's record, e.g. ['StockNum', 'SeasonName']; the first is required in the file. */
  key: string[];
  /** Further fields the upload may change (besides the grid's editable columns). */
  columns?: string[];
  /** Header texts accepted for a field besides its title and its name. */
  headers?: Record<string, string[]>;
  /** Fields a file gives by name (read as text; the screen's call resolves them), e.g. a calendar row's sub-season. */
  byName?: string[];
  /**
   * Read by its screen's own call, not an /api/Upload kind: the line plan calendar import replaces a
   * line plan's rows in one request (LP-024); it shares the reader and this header map only.
   */
  screen?: boolean;
  /** Rows worked by a handler of server/core/imports/handlers.ts rather than as one record's fields (ADR 028). */
  handler?: string;
  /**
   * A handler's upload is all or nothing (ADR 028) unless this says false: then its refused and
   * unknown rows are left out and the others written (the mass carryover, DECISIONS CARRY-013).
   */
  allOrNothing?: boolean;
  /** Permission to upload. */
  upload: PermissionRef;
  messages?: { notExcel?: string; completed?: string; failed?: string };
}

/**
 * `text`: fields a `searchText` matches (case-insensitive contains); `equals`: fields that may be
 * given as request parameters and match exactly; `inactive`: a boolean field that hides `false`
 * rows unless the request says `IncludeInactive`.
 */

export interface PermissionsDoc {
  actions: Record<string, number>;
  modules: Record<string, { id: number; name: string; actions: string[] }>;
}
