import type { Paged } from '../../domain/paged';

export type { Paged };

export function paged<T>(results: T[], pageNumber: number, pageSize: number, total: number): Paged<T> {
  const first = total === 0 ? 0 : (pageNumber - 1) * pageSize + 1;
  return {
    Results: results,
    CurrentPageNumber: pageNumber,
    PageSize: pageSize,
    TotalPageCount: Math.ceil(total / pageSize),
    TotalRecords: total,
    FirstRecord: first,
    LastRecord: total === 0 ? 0 : first + results.length - 1,
  };
}

/**
 * The same shape as JSON text around rows already serialised (a JSON array built by the database),
 * so a page of 10,000 rows is never parsed and serialised again in JS. `estimate`: TotalRecords (and
 * the page count) is the planner's estimate of a large result (issue 14): `TotalIsEstimate: true` is
 * added beside the CONST-008 fields, so a pager shows "about N"; absent when the total is exact.
 */
export function pagedJson(rowsJson: string, pageNumber: number, pageSize: number, total: number, estimate = false): string {
  const shown = Math.max(0, Math.min(pageSize, total - (pageNumber - 1) * pageSize));
  const { Results: _none, ...page } = paged(new Array(shown), pageNumber, pageSize, total);
  return `{"Results":${rowsJson},${JSON.stringify(estimate ? { ...page, TotalIsEstimate: true } : page).slice(1)}`;
}
