/**
 * The toolbar of a DataGrid: the "Read only" badge, the column chooser, Export and the screen's own
 * buttons, who else has the grid open, Reload of the rows someone else changed, and what the grid
 * says: a running save ('Saving 1,000 of 10,000 rows…'), the last outcome or notice, why the
 * selected cell is locked, loading, and the count of records of a grid showing all of them.
 */
import type { ReactNode } from 'react';
import { PresenceBar } from '../../feed/PresenceBar';
import { ColumnChooser, type ColumnChooserProps } from './ColumnChooser';
import type { GridStatus } from './use-grid-status';
import { countOf } from '../../format/count';

/** The toolbar text of a running save: 'Saving…', or 'Saving 1,000 of 10,000 rows…' for a large one. */
export const savingText = (p: { done: number; total: number } | null) =>
  p && p.total > 1 ? `Saving ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} rows…` : 'Saving…';

interface DataGridToolbarProps {
  /** A grid the user cannot edit (a library, or no edit permission). */
  readOnly: boolean;
  chooser: ColumnChooserProps;
  /** The Export button: running, and what it runs. */
  exporting: boolean;
  onExport: () => Promise<void>;
  /** The screen's own buttons beside Export. */
  actions?: ReactNode;
  /** The presence topic of a grid of records (who else has it open). */
  presenceTopic?: string;
  saves: Pick<GridStatus, 'pending' | 'progress' | 'status' | 'hint' | 'stale' | 'reloading' | 'reloadStale'>;
  loading: boolean;
  /** How many records a grid showing all of them holds. */
  total?: number;
}

/** See the module comment. */
export function DataGridToolbar({ readOnly, chooser, exporting, onExport, actions, presenceTopic, saves, loading, total }: DataGridToolbarProps) {
  const { pending, progress, status, hint, stale, reloading, reloadStale } = saves;
  return (
    <div className="data-grid__toolbar">
      {readOnly && (
        <span className="badge data-grid__read-only" title="You can look at these records here but not change them.">
          Read only
        </span>
      )}
      <ColumnChooser {...chooser} />
      <button type="button" className="btn btn--small" onClick={() => void onExport()} disabled={exporting}>
        {exporting ? <span className="spinner" aria-hidden="true" /> : null} Export
      </button>
      {actions}
      <span className="spacer" />
      {presenceTopic && <PresenceBar topic={presenceTopic} />}
      {stale.size > 0 && !pending && (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void reloadStale()}
          disabled={reloading}
          title="Someone else changed these rows since they were loaded; reload them to see their values."
        >
          {reloading ? <span className="spinner" aria-hidden="true" /> : null} Reload {countOf(stale.size, 'changed row')}
        </button>
      )}
      {pending && (
        <span className="data-grid__status with-spinner" role="status">
          <span className="spinner" aria-hidden="true" /> {savingText(progress)}
        </span>
      )}
      {!pending && status && (
        <span className={`data-grid__status${status.error ? ' data-grid__status--error' : ''}`} role="status">
          {status.text}
        </span>
      )}
      {hint && <span className="data-grid__status data-grid__hint">{hint}</span>}
      {loading && (
        <span className="data-grid__status with-spinner">
          <span className="spinner" aria-hidden="true" /> Loading…
        </span>
      )}
      {total !== undefined && <span className="data-grid__status">{countOf(total, 'record')}</span>}
    </div>
  );
}
