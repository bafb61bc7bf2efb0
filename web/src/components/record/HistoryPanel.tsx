/**
 * The change history of one hierarchy record (GET /api/Audit/GetRecordHistory): who changed which
 * field from what to what, and when, newest first. Loaded when the panel is opened; fields the
 * user may not see never arrive.
 */
import { useState } from 'react';
import useSWR from 'swr';

interface HistoryRow {
  AuditId: number;
  ChangedOn: string;
  ChangedBy: string;
  Field: string;
  FieldTitle: string;
  OldValue: string | null;
  NewValue: string | null;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

export function HistoryPanel({ level, id, version }: { level: number; id: number; version?: unknown }) {
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useSWR<HistoryRow[]>(
    open ? `/api/Audit/GetRecordHistory?ProjectLevelId=${level}&ProjectId=${id}&v=${String(version ?? '')}` : null,
  );
  return (
    <details className="record-panel" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>History</summary>
      {isLoading && <span className="spinner" role="status" aria-label="Loading" />}
      {error && (
        <div className="alert alert--error" role="alert">
          The history could not be loaded.
        </div>
      )}
      {data && !data.length && <p className="muted">No changes recorded yet.</p>}
      {data && data.length > 0 && (
        <table className="table history-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>Field</th>
              <th>From</th>
              <th>To</th>
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.AuditId}>
                <td>{when(r.ChangedOn)}</td>
                <td>{r.ChangedBy}</td>
                <td>{r.FieldTitle}</td>
                <td>{r.OldValue ?? <span className="muted">(blank)</span>}</td>
                <td>{r.NewValue ?? <span className="muted">(blank)</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
