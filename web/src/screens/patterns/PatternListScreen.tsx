/**
 * /patternList (DECISIONS PAT-002): the pattern search grid with the PAT-020 filters (brand,
 * season, status, name or key); a row opens /pattern/{id}.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { PageHeader } from '../../shell/PageHeader';
import './patterns.css';

interface Filters {
  BrandId?: number;
  SeasonId?: number;
  StatusId?: number;
  searchText?: string;
  [filter: string]: unknown;
}

export function PatternListScreen() {
  const canCreate = useCan('pattern', 'create');
  const brands = useSessionStore((s) => s.session?.brandPermissions ?? []);
  const [filters, setFilters] = useState<Filters>({});
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ({ ...f, searchText: text.trim() || undefined })), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { data: seasons } = useSWR<{ SeasonId: number; SeasonName: string }[]>(
    filters.BrandId ? `/api/Season/GetSeasonsByBrand?BrandId=${filters.BrandId}` : null,
  );
  const { data: statuses } = useSWR<{ StatusId: number; StatusName: string }[]>('/api/Status/GetStatusList');
  const pick = (key: 'BrandId' | 'SeasonId' | 'StatusId', label: string, options: [number, string][], reset: Filters = {}) => (
    <div className="field">
      <label htmlFor={`pattern-list-${key}`}>{label}</label>
      <select
        id={`pattern-list-${key}`}
        value={filters[key] ?? ''}
        onChange={(e) => setFilters({ ...filters, ...reset, [key]: Number(e.target.value) || undefined })}
      >
        <option value="">All</option>
        {options.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <PageHeader
        title="Patterns"
        actions={
          canCreate ? (
            <Link className="btn btn--primary" to="/patternCreate">
              Create Pattern
            </Link>
          ) : undefined
        }
      />
      <div className="form__row pattern-list-filters">
        {pick(
          'BrandId',
          'Brand',
          brands.map((b) => [b.BrandId, b.BrandName]),
          { SeasonId: undefined },
        )}
        {pick(
          'SeasonId',
          'Season',
          (seasons ?? []).map((s) => [s.SeasonId, s.SeasonName]),
        )}
        {pick(
          'StatusId',
          'Status',
          (statuses ?? []).map((s) => [s.StatusId, s.StatusName]),
        )}
        <div className="field">
          <label htmlFor="pattern-list-text">Pattern name or key</label>
          <input id="pattern-list-text" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <DataGrid gridId="pattern-search" search filters={filters} linkField="PatternName" recordLink={(r) => `/pattern/${String(r.PatternSeasonalId)}`} />
    </>
  );
}
