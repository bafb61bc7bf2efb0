/** DECISIONS CONST-008: one paged-result shape for every endpoint (server and browser). */
export interface Paged<T> {
  Results: T[];
  CurrentPageNumber: number;
  PageSize: number;
  TotalPageCount: number;
  TotalRecords: number;
  FirstRecord: number;
  LastRecord: number;
  /** TotalRecords is the planner's estimate (a grid search of more than 10,000 matches). */
  TotalIsEstimate?: boolean;
}
