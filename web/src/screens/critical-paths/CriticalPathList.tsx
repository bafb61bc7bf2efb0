/**
 * CP-022: the critical paths of a pattern seasonal (the pattern screen) or of a colorway's dev
 * prototype path (the colorway screen), each linking to its edit screen. Kinds the user may not
 * read are left out by the server; a user without any critical path permission sees nothing. On the
 * pattern screen a user with commercialization edit creates a commercialization path (CP-042).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { CRITICAL_PATH_SEARCH } from '@domain/access';
import { useAllowed } from '../../auth/access';
import { useCan } from '../../auth/useCan';
import { NewCommercializationPath } from './NewCommercializationPath';
import './critical-paths.css';

interface ListRow {
  SearchType: 1 | 2 | 3;
  SearchTypeName: string;
  Id: number;
  Name: string;
  StatusName: string;
  PatternSeasonalId: number | null;
  PrototypeSeasonalId: number | null;
  StockNumber: string | null;
  ChangedOn: string | null;
}

export function editPathOf(r: Pick<ListRow, 'SearchType' | 'Id' | 'PatternSeasonalId' | 'PrototypeSeasonalId'>): string {
  if (r.SearchType === 1) return `/criticalPathDevPatternEdit/${r.PatternSeasonalId}`;
  if (r.SearchType === 2) return `/criticalPathDevPrototypeEdit/${r.Id}${r.PrototypeSeasonalId ? `/${r.PrototypeSeasonalId}` : ''}`;
  return `/criticalPathCommercializationEdit/${r.Id}`;
}

export function CriticalPathList({
  patternSeasonalId,
  devPrototypeId,
  pattern,
}: {
  patternSeasonalId?: number;
  devPrototypeId?: number | null;
  /** On the pattern screen: its pattern, for a new commercialization path. */
  pattern?: { id: number; name: string };
}) {
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('criticalPathCommercialization', 'edit');
  const any = useAllowed(CRITICAL_PATH_SEARCH);
  const url = !any
    ? null
    : patternSeasonalId
      ? `/api/CriticalPath/GetCriticalPathListByPatternSeasonal?PatternSeasonalId=${patternSeasonalId}`
      : devPrototypeId
        ? `/api/CriticalPath/GetCriticalPathListByDevPrototype?CriticalPathDevPrototypeId=${devPrototypeId}`
        : null;
  const { data, error } = useSWR<ListRow[]>(url, { revalidateOnFocus: false });
  if (!any) return null;
  return (
    <section className="card cp-list" aria-label="Critical Paths" data-testid="critical-path-list">
      <div className="toolbar cp-section__bar">
        <h2 className="cp-section__title">Critical Paths</h2>
        <span className="spacer" />
        {pattern && canCreate && (
          <button type="button" className="btn btn--small" onClick={() => setCreating(true)}>
            New commercialization path
          </button>
        )}
      </div>
      {creating && pattern && <NewCommercializationPath patternId={pattern.id} patternName={pattern.name} onClose={() => setCreating(false)} />}
      {error && <p className="muted">The critical paths could not be loaded.</p>}
      {!url && <p className="muted">No critical paths.</p>}
      {data && data.length === 0 && <p className="muted">No critical paths.</p>}
      {data && data.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Stock Number</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <tr key={`${r.SearchType}-${r.Id}`}>
                  <td>{r.SearchTypeName}</td>
                  <td>
                    <Link to={editPathOf(r)}>{r.Name}</Link>
                  </td>
                  <td>{r.StockNumber ?? ''}</td>
                  <td>{r.StatusName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
