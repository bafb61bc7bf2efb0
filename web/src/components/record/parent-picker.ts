/**
 * The pure parts of the parent picker (ParentPicker): where a page of candidate parents comes
 * from (line plans for a brief, BRIEF-003; briefs for a pattern, PAT-011) and the request of one
 * page for a brand, season, name filter and page number (pages of 50, BRIEF-023).
 */
export interface PickerPage<Row> {
  Results: Row[];
  CurrentPageNumber: number;
  TotalPageCount: number;
  TotalRecords: number;
}

export interface PickerColumn<Row> {
  title: string;
  value: (row: Row) => string;
}

/** One kind of parent: how its pages are asked for and shown. */
export interface PickerSource<Row = Record<string, unknown>> {
  /** Legend and accessible name of the list, e.g. 'Line Plan'. */
  label: string;
  filterLabel: string;
  emptyText: string;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  columns: readonly PickerColumn<Row>[];
  /** The SWR key and fetch of one page. */
  request: (query: PickerQuery) => { key: string; fetch: () => Promise<PickerPage<Row>> };
}

export interface PickerQuery {
  BrandId: number;
  SeasonId: number;
  name?: string;
  pageNumber: number;
  pageSize: number;
}

export const PICKER_PAGE_SIZE = 50;

/** The query of a page, or null until a brand and a season are chosen. */
export function pickerQuery(brandId: unknown, seasonId: unknown, name: string, page: number): PickerQuery | null {
  if (typeof brandId !== 'number' || typeof seasonId !== 'number') return null;
  return { BrandId: brandId, SeasonId: seasonId, name: name.trim() || undefined, pageNumber: page, pageSize: PICKER_PAGE_SIZE };
}

/** Paging state of a page: whether Previous/Next apply and the text between them. */
export function pagingOf(page: Pick<PickerPage<unknown>, 'CurrentPageNumber' | 'TotalPageCount' | 'TotalRecords'>) {
  return {
    shown: page.TotalPageCount > 1,
    previous: page.CurrentPageNumber > 1,
    next: page.CurrentPageNumber < page.TotalPageCount,
    text: `Page ${page.CurrentPageNumber} of ${page.TotalPageCount} (${page.TotalRecords})`,
  };
}
