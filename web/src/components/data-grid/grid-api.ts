/** The generic grid calls (server/api/grids.ts): a page of a grid, every record of it, a bulk save. */
import { apiFetch } from '../../api/http';
import type { GridRecord, SaveAnswer, SaveRow } from './change-batch';
import { chunkRows } from './change-batch';

/** Brand, season and status, plus whatever filters the grid document declares (e.g. searchText, RoleId, IncludeInactive). */
export interface GridFilters { BrandId?: number; SeasonId?: number; StatusId?: number; searchText?: string; IncludeInactive?: boolean; [filter: string]: unknown }

export interface GridPage {
  Results: GridRecord[];
  CurrentPageNumber: number;
  PageSize: number;
  TotalPageCount: number;
  TotalRecords: number;
}

export interface PageRequest extends GridFilters {
  pageNumber: number;
  pageSize: number;
  sortColumn?: string;
  sortDirection?: 'ASC' | 'DESC';
}

export const searchGrid = (gridId: string, req: PageRequest, signal?: AbortSignal) =>
  apiFetch<GridPage>(`/api/Grid/${encodeURIComponent(gridId)}/Search`, { json: req, signal });

/** Largest page the server gives (search request schema). */
export const MAX_PAGE_SIZE = 9999;

/** Every record of a grid, page by page (CONST-017: exports include all records). */
export async function searchAll(gridId: string, req: Omit<PageRequest, 'pageNumber' | 'pageSize'>, signal?: AbortSignal): Promise<GridRecord[]> {
  const first = await searchGrid(gridId, { ...req, pageNumber: 1, pageSize: MAX_PAGE_SIZE }, signal);
  const out = first.Results.slice();
  for (let p = 2; p <= first.TotalPageCount; p++) out.push(...(await searchGrid(gridId, { ...req, pageNumber: p, pageSize: MAX_PAGE_SIZE }, signal)).Results);
  return out;
}

/** One save per edit batch; more than 5000 rows go as consecutive calls, answers merged. */
export async function saveGrid(gridId: string, rows: SaveRow[]): Promise<SaveAnswer> {
  const merged: SaveAnswer = { IsSuccessful: true, Saved: [], Failed: [] };
  for (const chunk of chunkRows(rows)) {
    const a = await apiFetch<SaveAnswer>(`/api/Grid/${encodeURIComponent(gridId)}/Save`, { json: { rows: chunk } });
    merged.Saved.push(...a.Saved);
    merged.Failed.push(...a.Failed);
    merged.IsSuccessful &&= a.IsSuccessful;
  }
  return merged;
}
