/**
 * The records a DataGrid shows: from the generic grid search (one server page, or every record)
 * or, in rows-from-endpoint mode, from rows the screen fetched itself, sorted and paged here.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { GridRecord } from './change-batch';
import { pageRows, sortRows } from './client-rows';
import type { ColumnFilters } from './column-filters';
import { searchAll, searchGrid, type GridFilters, type GridQuery } from './grid-api';
import type { GridSort } from './GridTable';

/** Rows a screen loaded from its own API call (e.g. GET /api/Role), with that call's state. */
export interface RowSource {
  /** Any row objects (typed rows of the screen's answer). */
  rows: readonly object[] | undefined;
  error?: unknown;
  loading?: boolean;
  /** The screen's own export of these rows (its server call): the grid's Export runs it instead of building the file. */
  exportFile?: () => Promise<void>;
}

export interface GridRecordsRequest {
  gridId: string;
  ready: boolean;
  mode: 'all' | 'paged';
  source?: RowSource;
  filters?: GridFilters;
  /** Column filters, applied by the server. */
  columnFilters?: ColumnFilters;
  sort: GridSort | null;
  page: number;
  pageSize: number;
  /** Part of the cache key: a new value asks the server again for the same query. */
  reloadKey?: number | string;
}

export interface GridRecords {
  /** Copies: the grid edits its rows in place, never the cache's objects. */
  records: GridRecord[];
  total?: number;
  totalPages?: number;
  /** The total is an estimate (a search of more than 10,000 matches). */
  totalIsEstimate: boolean;
  error: unknown;
  loading: boolean;
  /** Every record in the current sort (the export). */
  all: () => Promise<GridRecord[]>;
  /** The search body behind the records (the server export takes the same). */
  query: GridQuery;
}

const sortRequest = (sort: GridSort | null) => (sort ? { sortColumn: sort.field, sortDirection: sort.direction } : {});

export function useGridRecords({ gridId, ready, mode, source, filters, columnFilters, sort, page, pageSize, reloadKey }: GridRecordsRequest): GridRecords {
  const filterKey = JSON.stringify([filters ?? {}, columnFilters ?? {}]);
  const query: GridQuery = { ...filters, ...sortRequest(sort), ...(columnFilters && Object.keys(columnFilters).length ? { columnFilters } : {}) };
  const server = useSWR(
    ready && !source ? ['grid-records', gridId, mode, mode === 'paged' ? page : 0, pageSize, sort?.field, sort?.direction, filterKey, reloadKey] : null,
    async () => {
      if (mode === 'all') {
        // One call for a whole criteria result; the rows are the grid's own (it edits them in place).
        const rows = await searchAll(gridId, query);
        return { rows, totalPages: 1, total: rows.length, own: true };
      }
      const p = await searchGrid(gridId, { ...query, pageNumber: page, pageSize });
      return { rows: p.Results, totalPages: p.TotalPageCount, total: p.TotalRecords, estimate: p.TotalIsEstimate === true };
    },
    { revalidateOnFocus: false, revalidateIfStale: false, keepPreviousData: true },
  );
  const sourceRows = source?.rows as readonly GridRecord[] | undefined;
  const sorted = useMemo(() => (sourceRows ? sortRows(sourceRows, sort?.field, sort?.direction) : undefined), [sourceRows, sort]);
  const client = useMemo(
    () => (sorted ? (mode === 'paged' ? pageRows(sorted, page, pageSize) : { rows: sorted, totalPages: 1, total: sorted.length }) : undefined),
    [sorted, mode, page, pageSize],
  );
  const data = source ? client : server.data;
  // Copies: the grid edits its rows in place, never the cache's objects (the 'all' answer is not shared, so it is used as is).
  const records = useMemo(() => (data ? ('own' in data && data.own ? data.rows : data.rows.map((r) => ({ ...r }))) : []), [data]);
  return {
    records,
    total: data?.total,
    totalPages: data?.totalPages,
    totalIsEstimate: !!data && 'estimate' in data && data.estimate === true,
    error: source ? source.error : server.error,
    loading: source ? !!source.loading : server.isLoading,
    all: async () => (sorted ? sorted.slice() : searchAll(gridId, query)),
    query,
  };
}
