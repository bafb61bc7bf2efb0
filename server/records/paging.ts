/** DECISIONS CONST-008: one paged-result shape for every endpoint. */
export interface Paged<T> {
  Results: T[];
  CurrentPageNumber: number;
  PageSize: number;
  TotalPageCount: number;
  TotalRecords: number;
  FirstRecord: number;
  LastRecord: number;
}

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
