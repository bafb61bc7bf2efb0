/**
 * The one search-help dialog (LOOKUP-001..012), driven by the registry entry of a lookup: a
 * filter per search parameter (250 ms debounce, CONST-011), pages of 50 (LOOKUP-004), a
 * favourites tab with stars (LOOKUP-006/007). Picking a row calls `onPick` with it. Any failed
 * call shows the 'Error!' toast for 5 s and closes the dialog (LOOKUP-009).
 *
 * @example <LookupDialog lookup="Factories" onPick={(row) => set(row.FactoryKey)} onClose={close} />
 * @example <LookupDialog lookup="Factories" initialFilters={{ FactoryName: 'shoe' }} onPick={pick} onClose={close} />
 */
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { Modal } from '../../shell/Modal';
import { DEFAULT_ERROR_TEXT, toast } from '../../shell/toast-store';
import { useLookup, type LookupInfo } from './lookup-registry';
import { startFilters } from './start-filters';
import { LOOKUP_PAGE_SIZE, lookupFavorites, removeFavorite, saveFavorite, searchLookup } from './search-help-api';
import './lookup.css';

/** CONST-011 */
export const FILTER_DEBOUNCE_MS = 250;

export interface LookupDialogProps {
  /** Registry name, e.g. 'Factories' (the schema's `x-lookup`). */
  lookup: string;
  /** Text to start the filter of the key field with. */
  initialText?: string;
  /** Values to start the filters with, by search parameter (e.g. the partial text typed in a field); unknown parameters are left out. */
  initialFilters?: Record<string, string>;
  /** Brand for lookups filtered by brand. */
  brandId?: number;
  onPick: (row: Record<string, unknown>) => void;
  onClose: () => void;
}

function fail(onClose: () => void) {
  toast.error(DEFAULT_ERROR_TEXT, 5000);
  onClose();
}

/** See the module comment. */
export function LookupDialog({ lookup, initialText, initialFilters, brandId, onPick, onClose }: LookupDialogProps) {
  const { info, error } = useLookup(lookup);
  useEffect(() => {
    if (error) fail(onClose);
  }, [error, onClose]);
  return (
    <Modal title={info ? `Search ${info.name.replace(/([a-z])([A-Z])/g, '$1 $2')}` : 'Search'} onCancel={onClose} className="modal--wide lookup-dialog">
      {info ? (
        <LookupBody info={info} initialText={initialText} initialFilters={initialFilters} brandId={brandId} onPick={onPick} onClose={onClose} />
      ) : (
        <div className="page-fallback">
          <span className="spinner spinner--lg" role="status" aria-label="Loading" />
        </div>
      )}
    </Modal>
  );
}

function LookupBody({ info, initialText, initialFilters, brandId, onPick, onClose }: Omit<LookupDialogProps, 'lookup'> & { info: LookupInfo }) {
  const [tab, setTab] = useState<'search' | 'favorites'>('search');
  const [filters, setFilters] = useState<Record<string, string>>(() => startFilters(info, initialFilters, initialText));
  const [debounced, setDebounced] = useState(filters);
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(filters);
      setPage(1);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [filters]);

  const results = useSWR(
    tab === 'search' ? ['lookup', info.name, debounced, page, brandId] : null,
    () => searchLookup(info, { searchParameters: debounced, pageNumber: page, pageSize: LOOKUP_PAGE_SIZE, brandId }),
    { keepPreviousData: true, shouldRetryOnError: false },
  );
  const favorites = useSWR(['lookup-favorites', info.name], () => lookupFavorites(info, brandId ? { brandId } : undefined), { shouldRetryOnError: false });
  useEffect(() => {
    if (results.error || favorites.error) fail(onClose);
  }, [results.error, favorites.error, onClose]);

  const favKeys = useMemo(() => new Set((favorites.data ?? []).map((r) => String(r[info.keyField]).toLowerCase())), [favorites.data, info.keyField]);
  const toggleFavorite = async (row: Record<string, unknown>) => {
    const id = row[info.keyField];
    try {
      if (favKeys.has(String(id).toLowerCase())) await removeFavorite(info, id);
      else await saveFavorite(info, id);
      await favorites.mutate();
    } catch {
      fail(onClose);
    }
  };
  const rows = tab === 'search' ? (results.data?.Results ?? []) : (favorites.data ?? []);
  const totalPages = results.data?.TotalPageCount ?? 1;

  return (
    <div className="lookup">
      <div className="lookup__tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'search'} onClick={() => setTab('search')}>
          Search
        </button>
        <button type="button" role="tab" aria-selected={tab === 'favorites'} onClick={() => setTab('favorites')}>
          Favorites <span className="badge">{favorites.data?.length ?? 0}</span>
        </button>
      </div>
      {tab === 'search' && (
        <div className="lookup__filters">
          {info.columns
            .filter((c) => info.searchParameters.includes(c.field))
            .slice(0, 4)
            .map((c, i) => (
              <div className="field" key={c.field}>
                <label htmlFor={`lookup-${c.field}`}>{c.title}</label>
                <input
                  id={`lookup-${c.field}`}
                  autoComplete="off"
                  data-autofocus={i === 0 ? true : undefined}
                  value={filters[c.field] ?? ''}
                  onChange={(e) => setFilters((f) => ({ ...f, [c.field]: e.target.value }))}
                />
              </div>
            ))}
        </div>
      )}
      <div className="lookup__results table-wrap">
        <table className="table" aria-label="Results">
          <thead>
            <tr>
              <th aria-label="Favorite" />
              {info.columns.map((c) => (
                <th key={c.field}>{c.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const key = String(r[info.keyField]);
              const fav = favKeys.has(key.toLowerCase());
              return (
                <tr key={key} className="lookup__row" onDoubleClick={() => onPick(r)}>
                  <td className="lookup__star">
                    <button
                      type="button"
                      className="icon-btn"
                      aria-pressed={fav}
                      aria-label={fav ? `Remove ${key} from favorites` : `Add ${key} to favorites`}
                      onClick={() => void toggleFavorite(r)}
                    >
                      {fav ? '★' : '☆'}
                    </button>
                  </td>
                  {info.columns.map((c, i) => (
                    <td key={c.field}>
                      {i === 0 ? (
                        <button type="button" className="linklike" onClick={() => onPick(r)}>
                          {String(r[c.field] ?? '')}
                        </button>
                      ) : (
                        String(r[c.field] ?? '')
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
            {!rows.length && (
              <tr>
                <td colSpan={info.columns.length + 1} className="muted">
                  {results.isLoading ? 'Searching…' : 'Nothing found.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {tab === 'search' && totalPages > 1 && (
        <div className="data-grid__pager">
          <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </button>
          <span>
            Page {page} of {totalPages}
          </span>
          <button type="button" className="btn btn--small" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}
