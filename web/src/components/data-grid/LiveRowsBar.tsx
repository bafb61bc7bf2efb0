/**
 * A DataGrid's conflicts with changes someone else saved (issue 30, live-rows.ts): for each, who
 * changed which cell of which row and when, both values, and the two ways out.
 */
import type { LiveRows } from './live-rows';
import { changedByText } from './live-rows';
import './live-rows.css';

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '(blank)' : String(v));

export function LiveRowsBar({ live }: { live: LiveRows }) {
  if (!live.conflicts.length) return null;
  return (
    <div className="live-rows" role="alert">
      {live.conflicts.map((c) => (
        <div key={`${c.key}|${c.field}`} className="live-rows__conflict">
          <span>
            <strong>{c.label}</strong>, {c.title}: {changedByText(c.by, c.at)} while you were editing it. Theirs: {shown(c.theirs)}; yours: {shown(c.mine)}.
          </span>
          <button type="button" className="btn btn--small" onClick={() => live.keepMine(c)}>
            Keep mine
          </button>
          <button type="button" className="btn btn--small" onClick={() => live.takeTheirs(c)}>
            Take theirs
          </button>
        </div>
      ))}
    </div>
  );
}
