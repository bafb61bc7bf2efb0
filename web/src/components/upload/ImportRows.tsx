/**
 * The rows of an import or of a job, filtered by outcome and paged 1,000 at a time, in the diff
 * grid (issue 13). `path` builds the call for an outcome filter and a page (the preview's Rows or
 * the queue's Items: the same answer).
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { OwnedGrid } from '../data-grid/OwnedGrid';
import { columnsOfRows, diffColumns, diffDecoration, diffRow, markedColumns, type OutcomeFilter } from './diff-cells';
import './upload.css';
import { ROWS_PAGE_SIZE, type ImportColumn, type ImportRow, type Paged, type RowOutcome } from './upload-api';
import { countOf } from '../../format/count';

export interface ImportRowsProps {
  columns: readonly ImportColumn[];
  filters: readonly OutcomeFilter[];
  /** The filter shown first (its label). */
  initial?: string;
  path: (outcomes: readonly RowOutcome[], page: number) => string;
  height: number | string;
  /** Polls while the rows may still change (a running job). */
  refreshMs?: number;
  /** Beside the filter (a download button). */
  actions?: React.ReactNode;
}

export function ImportRows({ columns, filters, initial, path, height, refreshMs, actions }: ImportRowsProps) {
  const [filter, setFilter] = useState(() => filters.find((f) => f.label === initial) ?? filters[0]);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR<Paged<ImportRow>>(path(filter.outcomes, page), {
    refreshInterval: refreshMs ?? 0,
    ...(refreshMs ? { dedupingInterval: refreshMs / 2 } : {}),
    keepPreviousData: true,
  });
  const total = data?.TotalRecords ?? data?.Results.length ?? 0;
  const pages = Math.max(1, data?.TotalPages ?? Math.ceil(total / ROWS_PAGE_SIZE));
  const choose = (f: OutcomeFilter) => {
    setFilter(f);
    setPage(1);
  };
  // Without the import's columns (another user's upload), the rows' own fields.
  const all = useMemo(() => (columns.length ? columns : columnsOfRows(data?.Results ?? [])), [columns, data]);
  // The columns worth a look first: those the shown rows change or flag (all when there are none).
  const [onlyMarked, setOnlyMarked] = useState(true);
  const marked = useMemo(() => markedColumns(all, data?.Results ?? []), [all, data]);
  const shown = onlyMarked && marked.length ? marked : all;
  // The diff grid (issue 13): one row per file row, changed cells 'old → new', errors red with their message.
  const cells = useMemo(() => (data?.Results ?? []).map((r) => diffRow(r, shown)), [data, shown]);
  const gridRows = useMemo(() => cells.map((cs) => Object.fromEntries(cs.map((c, i) => [String(i), c.text]))), [cells]);
  const gridColumns = useMemo(() => diffColumns(shown), [shown]);
  return (
    <div className="upload-rows">
      <div className="upload-rows__bar">
        <div className="outcome-filter" role="group" aria-label="Show rows">
          {filters.map((f) => (
            <button key={f.label} type="button" aria-pressed={f === filter} onClick={() => choose(f)}>
              {f.label}
            </button>
          ))}
        </div>
        {marked.length > 0 && marked.length < all.length && (
          <label className="field--inline upload-rows__only">
            <input type="checkbox" checked={onlyMarked} onChange={(e) => setOnlyMarked(e.target.checked)} /> Only columns with changes or errors
          </label>
        )}
        {actions}
        <span className="spacer" />
        {isLoading && <span className="spinner" role="status" aria-label="Loading rows" />}
        <span className="data-grid__status" data-testid="row-count">
          {countOf(total, 'row')}
        </span>
        {pages > 1 && (
          <span className="data-grid__pager" role="group" aria-label="Pages">
            <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="Previous page">
              ‹
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className="btn btn--small" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="Next page">
              ›
            </button>
          </span>
        )}
      </div>
      {error ? (
        <div className="alert alert--error" role="alert">
          The rows could not be loaded.
        </div>
      ) : data && !data.Results.length ? (
        <p className="muted">No {filter.outcomes.length ? `${filter.label.toLowerCase()} ` : ''}rows.</p>
      ) : data ? (
        <OwnedGrid
          columns={gridColumns}
          rows={gridRows}
          frozen={2}
          stretch="last"
          className="diff-grid"
          testId="diff-grid"
          height={height}
          decorate={(_, field, i) => diffDecoration(cells[i]?.[Number(field)])}
        />
      ) : null}
    </div>
  );
}
