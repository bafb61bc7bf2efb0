/**
 * BRIEF-003: the Released or Completed line plans of a brand and season, with a name filter,
 * paging (50 a page, BRIEF-023) and a radio choice.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { withQuery } from '../../api/http';
import { LINE_PLAN_PAGE_SIZE } from './brief-form';

interface LinePlanRow { LinePlanId: number; LinePlanName: string; StatusName: string; ResponsibleName: string | null }
interface Page { Results: LinePlanRow[]; CurrentPageNumber: number; TotalPageCount: number; TotalRecords: number }

export interface LinePlanPickerProps {
  brandId: number | null;
  seasonId: number | null;
  value: number | null;
  onChange: (linePlanId: number | null) => void;
  error?: string;
  disabled?: boolean;
}

export function LinePlanPicker({ brandId, seasonId, value, onChange, error, disabled }: LinePlanPickerProps) {
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => { setPage(1); }, [brandId, seasonId, applied]);
  useEffect(() => {
    const timer = setTimeout(() => setApplied(filter.trim()), 250);
    return () => clearTimeout(timer);
  }, [filter]);
  const url = brandId && seasonId
    ? withQuery('/api/Brief/BriefLinePlans', { BrandId: brandId, SeasonId: seasonId, LinePlanName: applied || undefined, pageNumber: page, pageSize: LINE_PLAN_PAGE_SIZE })
    : null;
  const { data, isLoading } = useSWR<Page>(url, { keepPreviousData: true });

  return (
    <fieldset className="brief-line-plans" aria-label="Line Plan" aria-invalid={!!error} disabled={disabled}>
      <legend>Line Plan</legend>
      <div className="field">
        <label htmlFor="brief-lp-filter">Filter by name</label>
        <input id="brief-lp-filter" value={filter} onChange={(e) => setFilter(e.target.value)} disabled={!url} />
      </div>
      {!url && <p className="field__hint">Choose a brand and a season first.</p>}
      {url && data && !data.Results.length && <p className="field__hint">No Line Plans Found</p>}
      {url && !!data?.Results.length && (
        <div className="table-wrap">
          <table className="table">
            <thead><tr><th aria-label="Choose" /><th>Line Plan</th><th>Status</th><th>Responsible</th></tr></thead>
            <tbody>
              {data.Results.map((lp) => (
                <tr key={lp.LinePlanId}>
                  <td><input type="radio" name="brief-line-plan" aria-label={lp.LinePlanName} checked={value === lp.LinePlanId} onChange={() => onChange(lp.LinePlanId)} /></td>
                  <td>{lp.LinePlanName}</td><td>{lp.StatusName}</td><td>{lp.ResponsibleName ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {url && data && data.TotalPageCount > 1 && (
        <div className="form__row">
          <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {data.CurrentPageNumber} of {data.TotalPageCount} ({data.TotalRecords})</span>
          <button type="button" className="btn btn--small" disabled={page >= data.TotalPageCount} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
      {isLoading && <span className="spinner" aria-label="Loading" />}
      {error && <p className="field__error" role="alert">{error}</p>}
    </fieldset>
  );
}
