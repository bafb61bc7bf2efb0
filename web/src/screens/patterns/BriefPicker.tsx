/**
 * PAT-011: the briefs a pattern may be created under — status 2 (Released) or 3 of the chosen
 * brand and season — with a name filter, pages of 50 and a radio choice.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { BRIEF_PAGE_SIZE } from './pattern-form';

interface BriefRow { BriefSeasonalId: number; BriefName: string; StatusId: number; StatusName: string; LinePlanName: string | null }
interface BriefPage { Results: BriefRow[]; CurrentPageNumber: number; TotalPageCount: number; TotalRecords: number }

export interface BriefPickerProps {
  brandId: number | null;
  seasonId: number | null;
  value: number | null;
  onChange: (briefSeasonalId: number) => void;
  error?: string;
  disabled?: boolean;
}

function useDebounced(text: string, ms: number) {
  const [value, setValue] = useState(text);
  useEffect(() => { const timer = setTimeout(() => setValue(text.trim()), ms); return () => clearTimeout(timer); }, [text, ms]);
  return value;
}

export function BriefPicker({ brandId, seasonId, value, onChange, error, disabled }: BriefPickerProps) {
  const [text, setText] = useState('');
  const name = useDebounced(text, 250);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [brandId, seasonId, name]);
  const query = brandId && seasonId ? { BrandId: brandId, SeasonId: seasonId, BriefName: name || undefined, pageNumber: page, pageSize: BRIEF_PAGE_SIZE } : null;
  const { data } = useSWR<BriefPage>(query && ['pattern-briefs', JSON.stringify(query)],
    () => apiFetch<BriefPage>('/api/Pattern/SearchBriefsForPattern', { method: 'POST', json: query }), { keepPreviousData: true });

  return (
    <fieldset className="pattern-briefs" aria-label="Brief" disabled={disabled}>
      <legend>Brief</legend>
      <div className="field">
        <label htmlFor="pattern-brief-filter">Filter briefs by name</label>
        <input id="pattern-brief-filter" value={text} disabled={!query} onChange={(e) => setText(e.target.value)} />
      </div>
      {!query && <p className="field__hint">Choose a brand and a season first.</p>}
      {query && data?.TotalRecords === 0 && <p className="field__hint">No released briefs were found.</p>}
      {!!data?.Results.length && query && (
        <div className="table-wrap">
          <table className="table">
            <thead><tr><th aria-label="Choose" /><th>Brief</th><th>Status</th><th>Line Plan</th></tr></thead>
            <tbody>{data.Results.map((b) => (
              <tr key={b.BriefSeasonalId}>
                <td><input type="radio" name="pattern-brief" aria-label={b.BriefName} checked={value === b.BriefSeasonalId} onChange={() => onChange(b.BriefSeasonalId)} /></td>
                <td>{b.BriefName}</td><td>{b.StatusName}</td><td>{b.LinePlanName ?? ''}</td>
              </tr>))}
            </tbody>
          </table>
        </div>
      )}
      {query && data && data.TotalPageCount > 1 && (
        <nav className="form__row" aria-label="Brief pages">
          <button type="button" className="btn btn--small" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>Previous</button>
          <span>Page {data.CurrentPageNumber} of {data.TotalPageCount}</span>
          <button type="button" className="btn btn--small" disabled={page === data.TotalPageCount} onClick={() => setPage((p) => p + 1)}>Next</button>
        </nav>
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
    </fieldset>
  );
}
