/**
 * The rows of an import or of a job, filtered by outcome and paged 1,000 at a time, in the diff
 * grid (issue 13). `path` builds the call for an outcome filter and a page (the preview's Rows or
 * the queue's Items: the same answer).
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { DiffGrid } from './DiffGrid';
import type { OutcomeFilter } from './diff-cells';
import { ROWS_PAGE_SIZE, type ImportColumn, type ImportRow, type Paged, type RowOutcome } from './upload-api';

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

/** The fields the rows carry, in first-seen order, titled by their names. */
export function columnsOfRows(rows: readonly ImportRow[]): ImportColumn[] {
  const fields = new Set<string>();
  for (const r of rows) for (const f of [...Object.keys(r.Values ?? {}), ...Object.keys(r.Cells ?? {})]) fields.add(f);
  return [...fields].map((f) => ({ Field: f, Title: f, Type: 'text' }));
}

export function ImportRows({ columns, filters, initial, path, height, refreshMs, actions }: ImportRowsProps) {
  const [filter, setFilter] = useState(() => filters.find((f) => f.label === initial) ?? filters[0]);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR<Paged<ImportRow>>(path(filter.outcomes, page), { refreshInterval: refreshMs ?? 0, keepPreviousData: true });
  const total = data?.TotalRecords ?? data?.Results.length ?? 0;
  const pages = Math.max(1, data?.TotalPages ?? Math.ceil(total / ROWS_PAGE_SIZE));
  const choose = (f: OutcomeFilter) => { setFilter(f); setPage(1); };
  // Without the import's columns (another user's upload), the rows' own fields.
  const shown = useMemo(() => (columns.length ? columns : columnsOfRows(data?.Results ?? [])), [columns, data]);
  return (
    <div className="upload-rows">
      <div className="upload-rows__bar">
        <div className="outcome-filter" role="group" aria-label="Show rows">
          {filters.map((f) => (
            <button key={f.label} type="button" aria-pressed={f === filter} onClick={() => choose(f)}>{f.label}</button>
          ))}
        </div>
        {actions}
        <span className="spacer" />
        {isLoading && <span className="spinner" aria-label="Loading rows" />}
        <span className="data-grid__status" data-testid="row-count">{total.toLocaleString('en-US')} row{total === 1 ? '' : 's'}</span>
        {pages > 1 && (
          <span className="data-grid__pager" role="group" aria-label="Pages">
            <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="Previous page">‹</button>
            <span>Page {page} of {pages}</span>
            <button type="button" className="btn btn--small" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="Next page">›</button>
          </span>
        )}
      </div>
      {error ? <div className="alert alert--error" role="alert">The rows could not be loaded.</div>
        : data && !data.Results.length ? <p className="muted">No {filter.outcomes.length ? `${filter.label.toLowerCase()} ` : ''}rows.</p>
        : data ? <DiffGrid columns={shown} rows={data.Results} height={height} /> : null}
    </div>
  );
}
