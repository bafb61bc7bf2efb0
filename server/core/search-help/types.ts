/**
 * The shape of one search-help (lookup) registry entry and the helpers that declare its columns.
 * Matching (DECISIONS-style note, see registry.ts): LOOKUP-002 says lookups search by equals. Keys,
 * codes and ids do match by equals (text case-insensitively, numbers exactly); names and
 * descriptions match by case-insensitive contains, because that is what a user typing "leather"
 * into a lookup dialog expects. Each column says which.
 */

export type Match = 'equals' | 'contains';
export type ColumnType = 'text' | 'number' | 'boolean';

export interface LookupColumn {
  /** Field name in the answer and in searchParameters (the specification's spelling). */
  field: string;
  /** SQL expression over the entry's `from`. */
  sql: string;
  type: ColumnType;
  match: Match;
  /** Title when the entry's entity schema has no property of this name. */
  title?: string;
}

export interface LookupEntry {
  /** Name as in the URL: POST /api/SearchHelp/Search{name}, GET Get{name}Favorites. */
  name: string;
  /** Entity schema (schemas/entities/<entity>.schema.json) giving the column titles. */
  entity: string;
  /** FROM clause: a table or joins. */
  from: string;
  keyField: string;
  descriptionField: string;
  columns: LookupColumn[];
  /** Fixed conditions (e.g. the characteristic key of LOOKUP-016/017), SQL with literal values only. */
  where?: string[];
  /** Column holding the brand id: brandId in the body filters by it, and the user's brands always do (PERM-022). */
  brandColumn?: string;
  /** Column holding the factory key: factory users see only their factories (PERM-023). */
  factoryColumn?: string;
  /** Extra query parameters of Get{name}Favorites and the column each filters (LOOKUP-006). */
  favoriteFilters?: { param: string; column: string; brand?: 'brandId' | 'sapBrandId' }[];
}

const col =
  (type: ColumnType, match: Match) =>
  (field: string, sql = field.toLowerCase(), title?: string): LookupColumn => ({ field, sql, type, match, ...(title ? { title } : {}) });

/** A key or code: case-insensitive equals. */
export const key = col('text', 'equals');
/** A name or description: case-insensitive contains. */
export const text = col('text', 'contains');
/** An id, price or percentage: equals. */
export const num = col('number', 'equals');
export const flag = col('boolean', 'equals');
