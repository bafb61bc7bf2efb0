/**
 * The patterns of a brief (BRIEF-020 BriefPatterns; a factory user gets only those with a colorway
 * at one of their factories, the server decides), each linking to its pattern screen.
 */
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { useCan } from '../../auth/useCan';

interface PatternRow {
  PatternSeasonalId: number;
  PatternName: string;
  SeasonName: string | null;
  StatusName: string | null;
  ResponsibleName: string | null;
}

export function BriefPatternsPanel({ briefSeasonalId }: { briefSeasonalId: number }) {
  const canRead = useCan('pattern', 'read');
  const { data } = useSWR<{ Results: PatternRow[]; TotalRecords: number }>(canRead ? `/api/Brief/BriefPatterns?BriefSeasonalId=${briefSeasonalId}` : null);
  if (!canRead || !data) return null;
  return (
    <section className="card brief-patterns" aria-label="Brief Patterns">
      <h2 className="card__title card__title--padded">Brief Patterns ({data.TotalRecords})</h2>
      {data.Results.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Pattern</th>
                <th>Season</th>
                <th>Status</th>
                <th>Responsible</th>
              </tr>
            </thead>
            <tbody>
              {data.Results.map((p) => (
                <tr key={p.PatternSeasonalId}>
                  <td>
                    <Link to={`/pattern/${p.PatternSeasonalId}`}>{p.PatternName}</Link>
                  </td>
                  <td>{p.SeasonName ?? ''}</td>
                  <td>{p.StatusName ?? ''}</td>
                  <td>{p.ResponsibleName ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="field__hint">No patterns yet.</p>
      )}
    </section>
  );
}
