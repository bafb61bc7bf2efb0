/** Pager of a paged grid (CONST-009/010): page sizes 15/25/50/100; a typed page is clamped and fires after 900 ms. */
import { useEffect, useRef, useState } from 'react';
import { clampPage, PAGE_INPUT_DEBOUNCE_MS, PAGE_SIZES } from './page-input';
import { countOf } from '../../format/count';

export interface PagerProps {
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  /** The totals are the planner's estimate: shown as 'about', and Next stays on (the estimate may be low). */
  totalIsEstimate?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function Pager({ page, pageSize, totalPages, totalRecords, totalIsEstimate, onPage, onPageSize }: PagerProps) {
  const [text, setText] = useState(String(page));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(String(page)), [page]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const p = clampPage(value, totalPages);
      if (p === null) return;
      setText(String(p));
      if (p !== page) onPage(p);
    }, PAGE_INPUT_DEBOUNCE_MS);
  };
  return (
    <div className="data-grid__pager" role="group" aria-label="Pages">
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹
      </button>
      <label>
        Page <input aria-label="Page number" inputMode="numeric" value={text} onChange={(e) => type(e.target.value)} />
      </label>
      <span>
        of {totalIsEstimate ? 'about ' : ''}
        {Math.max(1, totalPages).toLocaleString('en-US')}
      </span>
      <button
        type="button"
        className="btn btn--small"
        disabled={page >= totalPages && !totalIsEstimate}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
      <select aria-label="Rows per page" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <span className="muted">
        {totalIsEstimate ? 'about ' : ''}
        {countOf(totalRecords, 'record')}
      </span>
    </div>
  );
}
