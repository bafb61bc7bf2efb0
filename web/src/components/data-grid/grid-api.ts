/** The generic grid calls (server/core/api/grids.ts): a page of a grid, every record of it, some rows by key, a bulk save, the export. */
import { ApiError, apiFetch, apiRequest } from '../../api/http';
import type { GridRecord, SaveAnswer, SaveRow } from './change-batch';
import { chunkRows } from './change-batch';
import type { ColumnFilters } from './column-filters';

/** Brand, season and status, plus whatever filters the grid document declares (e.g. searchText, RoleId, IncludeInactive). */
export interface GridFilters {
  BrandId?: number;
  SeasonId?: number;
  StatusId?: number;
  searchText?: string;
  IncludeInactive?: boolean;
  [filter: string]: unknown;
}

export interface GridPage {
  Results: GridRecord[];
  CurrentPageNumber: number;
  PageSize: number;
  TotalPageCount: number;
  TotalRecords: number;
  /** TotalRecords (and TotalPageCount) are the planner's estimate: more than 10,000 matches (records/read.ts). */
  TotalIsEstimate?: boolean;
}

/** What narrows and orders a grid's records: the screen's filters, the column filters, the sort. */
export interface GridQuery extends GridFilters {
  sortColumn?: string;
  sortDirection?: 'ASC' | 'DESC';
  /** Per column: text contains / equals / from–to (reference columns by their id field). */
  columnFilters?: ColumnFilters;
  /** Only these records (a reload of rows changed by someone else). */
  Keys?: number[];
}

export interface PageRequest extends GridQuery {
  pageNumber: number;
  pageSize: number;
}

export const searchGrid = (gridId: string, req: PageRequest, signal?: AbortSignal) =>
  apiFetch<GridPage>(`/api/Grid/${encodeURIComponent(gridId)}/Search`, { json: req, signal });

/** Largest page the server gives (search request schema): a whole criteria result in one call. */
export const MAX_PAGE_SIZE = 20000;

/** Every record of a grid: one call for a criteria result, further pages only past MAX_PAGE_SIZE (CONST-017: exports include all records). */
export async function searchAll(gridId: string, req: GridQuery, signal?: AbortSignal): Promise<GridRecord[]> {
  const first = await searchGrid(gridId, { ...req, pageNumber: 1, pageSize: MAX_PAGE_SIZE }, signal);
  const out = first.Results;
  for (let p = 2; p <= first.TotalPageCount; p++) {
    for (const r of (await searchGrid(gridId, { ...req, pageNumber: p, pageSize: MAX_PAGE_SIZE }, signal)).Results) out.push(r);
  }
  return out;
}

/** The current values of some records (rows someone else changed); records no longer there are left out. */
export async function searchKeys(gridId: string, keyField: string, keys: readonly number[]): Promise<GridRecord[]> {
  const wanted = new Set(keys);
  const page = await searchGrid(gridId, { Keys: [...keys], pageNumber: 1, pageSize: MAX_PAGE_SIZE });
  return page.Results.filter((r) => wanted.has(Number(r[keyField])));
}

/** Rows per save call of a large paste (progress between calls). */
export const SAVE_CHUNK = 1000;

/**
 * One save per edit batch; a large batch goes as consecutive calls of SAVE_CHUNK rows, answers
 * merged; `onChunk` hears each answer as it comes (progress, painting saved rows early).
 */
export async function saveGrid(gridId: string, rows: SaveRow[], onChunk?: (answer: SaveAnswer, done: number, total: number) => void): Promise<SaveAnswer> {
  const merged: SaveAnswer = { IsSuccessful: true, Saved: [], Failed: [] };
  let done = 0;
  for (const chunk of chunkRows(rows, SAVE_CHUNK)) {
    const a = await apiFetch<SaveAnswer>(`/api/Grid/${encodeURIComponent(gridId)}/Save`, { json: { rows: chunk } });
    for (const s of a.Saved) merged.Saved.push(s);
    for (const f of a.Failed) merged.Failed.push(f);
    merged.IsSuccessful &&= a.IsSuccessful;
    done += chunk.length;
    onChunk?.(a, done, rows.length);
  }
  return merged;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' or filename=). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* the plain name below */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/**
 * The server's export of every record of the query (POST /api/Grid/<id>/Export, same body as the
 * search): the file and its name; null when the server has no export for this grid (404/405).
 */
export async function exportGrid(gridId: string, query: GridQuery): Promise<{ blob: Blob; name?: string } | null> {
  try {
    const { res, body } = await apiRequest(`/api/Grid/${encodeURIComponent(gridId)}/Export`, { json: query, binary: true });
    return { blob: body as Blob, name: dispositionName(res.headers.get('content-disposition')) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return null;
    throw e;
  }
}
