/**
 * The wizard's search for an existing brief or pattern to add children under (WIZ-004, WIZ-018):
 * briefs and patterns of the line plan's brand and season in status 2 or 3, filtered by name as
 * one types (250 ms after the last key), 50 a page. Enter or a click picks the row.
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/http';
import { Modal } from '../../shell/Modal';

export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 250;

export interface FoundParent {
  id: number;
  name: string;
  statusId: number;
  statusName: string;
  briefName: string | null;
  briefSeasonalId: number | null;
}
interface Page {
  Results: Record<string, unknown>[];
  TotalRecords: number;
  TotalPageCount: number;
}

const SEARCHES = {
  brief: { path: '/api/Pattern/SearchBriefsForPattern', nameParam: 'BriefName', id: 'BriefSeasonalId', name: 'BriefName' },
  pattern: { path: '/api/Prototype/SearchPatternsForPrototype', nameParam: 'PatternName', id: 'PatternSeasonalId', name: 'PatternName' },
} as const;

export function ExistingParentSearch({
  level,
  brandId,
  seasonId,
  onPick,
  onCancel,
}: {
  level: 'brief' | 'pattern';
  brandId: number;
  seasonId: number;
  onPick: (p: FoundParent) => void;
  onCancel: () => void;
}) {
  const search = SEARCHES[level];
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [found, setFound] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    let live = true;
    apiFetch<Page>(search.path, {
      method: 'POST',
      json: { BrandId: brandId, SeasonId: seasonId, [search.nameParam]: filter, pageNumber: page, pageSize: SEARCH_PAGE_SIZE },
    }).then(
      (p) => {
        if (live) {
          setFound(p);
          setFailed(false);
        }
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [search, brandId, seasonId, filter, page]);

  const rows: FoundParent[] = (found?.Results ?? []).map((r) => ({
    id: r[search.id] as number,
    name: String(r[search.name]),
    statusId: r.StatusId as number,
    statusName: String(r.StatusName ?? ''),
    briefName: (r.BriefName as string | null) ?? null,
    briefSeasonalId: (r.BriefSeasonalId as number | null) ?? null,
  }));
  const title = level === 'brief' ? 'Add an existing brief' : 'Add an existing pattern';
  return (
    <Modal
      title={title}
      onCancel={onCancel}
      className="wizard__search"
      actions={
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <div className="field">
        <label htmlFor="wizard-search-text">{level === 'brief' ? 'Brief name' : 'Pattern name'}</label>
        <input
          id="wizard-search-text"
          className="input"
          value={text}
          autoComplete="off"
          data-autofocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && rows[0]) {
              e.preventDefault();
              onPick(rows[0]);
            }
          }}
        />
      </div>
      {failed && <p className="form-error">The search failed. Please try again.</p>}
      {found && !rows.length && <p className="muted">No data was found matching this search criteria.</p>}
      {rows.length > 0 && (
        <table className="table table--dense" aria-label="Search results">
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              {level === 'pattern' && <th>Brief</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <button type="button" className="wizard__pick" onClick={() => onPick(r)}>
                    {r.name}
                  </button>
                </td>
                <td>{r.statusName}</td>
                {level === 'pattern' && <td>{r.briefName}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {found && found.TotalPageCount > 1 && (
        <div className="toolbar">
          <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {found.TotalPageCount} ({found.TotalRecords} found)
          </span>
          <button type="button" className="btn btn--small" disabled={page >= found.TotalPageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </Modal>
  );
}
