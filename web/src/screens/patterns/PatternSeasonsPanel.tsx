/** PAT-028: the seasons the pattern lives in (one call, up to 999), each opening its seasonal record. */
import { Link } from 'react-router-dom';
import useSWR from 'swr';

interface SeasonRow {
  PatternSeasonalId: number;
  SeasonName: string;
  StatusName: string;
  BriefName: string;
}

export function PatternSeasonsPanel({ patternSeasonalId }: { patternSeasonalId: number }) {
  const { data } = useSWR<SeasonRow[]>(`/api/Pattern/GetPatternSeasons?PatternSeasonalId=${patternSeasonalId}`);
  if (!data) return null;
  return (
    <section className="card pattern-panel" aria-label="Seasons">
      <h2>Seasons</h2>
      <ul className="pattern-seasons">
        {data.map((s) => (
          <li key={s.PatternSeasonalId}>
            {s.PatternSeasonalId === patternSeasonalId ? <strong>{s.SeasonName}</strong> : <Link to={`/pattern/${s.PatternSeasonalId}`}>{s.SeasonName}</Link>} ·{' '}
            {s.StatusName} · {s.BriefName}
          </li>
        ))}
      </ul>
    </section>
  );
}
