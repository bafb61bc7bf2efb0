/**
 * The stock numbers of a dev prototype critical path (DECISIONS CP-034): each with its flags (CP-035,
 * read-only: the approvals set them), the default one chosen by a radio, unlink, and link of another
 * colorway of the brand found by stock number, name or colour (one not linked to another path).
 * Changes are the screen's until it saves: `stockChanges` gives what the save sends.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiFetch } from '../../api/http';

export type StockRow = Record<string, unknown> & { PrototypeSeasonalId: number; $new?: boolean; $removed?: boolean };

interface Candidate {
  PrototypeSeasonalId: number;
  StockNum: string | null;
  PrototypeName: string;
  ColorDesc: string | null;
  SeasonName: string | null;
  LinkedTo: string | null;
}

/** What an update sends for the stock numbers: the linked ones (the default marked), the unlinked ones IsDeleted. */
export function stockChanges(rows: readonly StockRow[]) {
  return rows
    .filter((r) => !(r.$new && r.$removed))
    .map((r) =>
      r.$removed
        ? { PrototypeSeasonalId: r.PrototypeSeasonalId, IsDeleted: true }
        : { PrototypeSeasonalId: r.PrototypeSeasonalId, IsDefault: r.IsDefault === true },
    );
}

interface Props {
  rows: readonly StockRow[];
  pathId: number;
  editable: boolean;
  flagFields: readonly string[];
  flagTitles: Record<string, string>;
  onChange: (rows: StockRow[]) => void;
}

export function StockNumbers({ rows, pathId, editable, flagFields, flagTitles, onChange }: Props) {
  const shown = rows.filter((r) => !r.$removed);
  const setDefault = (id: number) => onChange(rows.map((r) => ({ ...r, IsDefault: r.PrototypeSeasonalId === id })));
  const unlink = (id: number) => onChange(rows.map((r) => (r.PrototypeSeasonalId === id ? { ...r, $removed: true } : r)));
  const link = (c: Candidate) => {
    const back = rows.find((r) => r.PrototypeSeasonalId === c.PrototypeSeasonalId);
    if (back) return onChange(rows.map((r) => (r === back ? { ...r, $removed: false } : r)));
    onChange([
      ...rows,
      {
        PrototypeSeasonalId: c.PrototypeSeasonalId,
        StockNumber: c.StockNum,
        PrototypeName: c.PrototypeName,
        ColorDesc: c.ColorDesc,
        SeasonName: c.SeasonName,
        IsDefault: false,
        $new: true,
      },
    ]);
  };
  return (
    <>
      <div className="table-wrap">
        <table className="table cp-stock" data-testid="cp-stock">
          <thead>
            <tr>
              <th scope="col">Stock Number</th>
              <th scope="col">Name / Color</th>
              <th scope="col">Season</th>
              <th scope="col">Default</th>
              {flagFields.map((f) => (
                <th key={f} scope="col">
                  {flagTitles[f] ?? f}
                </th>
              ))}
              {editable && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.PrototypeSeasonalId} className={s.$new ? 'cp-stock__new' : undefined}>
                <td>
                  <Link to={`/colorway/${s.PrototypeSeasonalId}`}>{String(s.StockNumber ?? '')}</Link>
                </td>
                <td>
                  {String(s.PrototypeName ?? '')}
                  {s.ColorDesc ? <div className="muted">{String(s.ColorDesc)}</div> : null}
                </td>
                <td>{String(s.SeasonName ?? '')}</td>
                <td>
                  {editable ? (
                    <input
                      type="radio"
                      name="cp-default-stock"
                      checked={s.IsDefault === true}
                      onChange={() => setDefault(s.PrototypeSeasonalId)}
                      aria-label={`Default: ${String(s.StockNumber ?? '')}`}
                    />
                  ) : s.IsDefault ? (
                    '✓'
                  ) : (
                    ''
                  )}
                </td>
                {flagFields.map((f) => (
                  <td key={f} className="cp-flag" data-flag={f} aria-label={`${flagTitles[f]}: ${s[f] ? 'yes' : 'no'}`}>
                    {s[f] ? '✓' : ''}
                  </td>
                ))}
                {editable && (
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={s.IsDefault === true}
                      title={s.IsDefault ? 'Choose another default first' : undefined}
                      onClick={() => unlink(s.PrototypeSeasonalId)}
                    >
                      Unlink
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable && <LinkStockNumber pathId={pathId} linked={shown.map((r) => r.PrototypeSeasonalId)} onLink={link} />}
    </>
  );
}

/** A colorway of the path's brand by stock number, name or colour (GetLinkableStockNumbers); one another path holds is shown, not offered. */
function LinkStockNumber({ pathId, linked, onLink }: { pathId: number; linked: readonly number[]; onLink: (c: Candidate) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Candidate[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setFound([]);
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      apiFetch<Candidate[]>('/api/CriticalPath/GetLinkableStockNumbers', {
        query: { CriticalPathDevPrototypeId: pathId, SearchText: q },
        signal: ctl.signal,
      }).then(setFound, () => undefined);
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [text, pathId]);
  const offered = found.filter((c) => !linked.includes(c.PrototypeSeasonalId));
  return (
    <div className="cp-link-stock">
      <label className="field__label" htmlFor="cp-link-stock">
        Link stock number
      </label>
      <input
        id="cp-link-stock"
        className="input"
        value={text}
        placeholder="Stock number, name or colour"
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      {text.trim().length >= 2 && (
        <ul className="cp-link-stock__list" aria-label="Colorways to link">
          {offered.length === 0 && <li className="muted">No colorway of this brand matches.</li>}
          {offered.map((c) => (
            <li key={c.PrototypeSeasonalId}>
              <button
                type="button"
                className="btn btn--small"
                disabled={!!c.LinkedTo}
                title={c.LinkedTo ? `Already on the critical path ${c.LinkedTo}` : undefined}
                onClick={() => {
                  onLink(c);
                  setText('');
                }}
              >
                Link {c.StockNum ?? ''} · {c.PrototypeName}
                {c.ColorDesc ? ` · ${c.ColorDesc}` : ''}
                {c.SeasonName ? ` (${c.SeasonName})` : ''}
              </button>
              {c.LinkedTo && <span className="muted"> on {c.LinkedTo}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
