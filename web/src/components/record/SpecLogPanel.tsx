/**
 * A record's spec log (PAT-007, CW-054): entries newest first, each with when, who, season and an
 * ECN mark, and a new entry in the season on screen. The screen gives the list URL, how to save an
 * entry, and its own tools (e.g. the colorway's ECN button and same-season filter).
 *
 * @example <SpecLogPanel entriesUrl="/api/Pattern/GetSpecLogData?PatternSeasonalId=7" save={(d) => post(d)} canEdit />
 */
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { errorText } from '../../api/error-text';
import { formatDateTime } from '../../format/date';
import { toast } from '../../shell/toast-store';
import './spec-log.css';

export interface SpecLogEntry {
  SpecLogEntryId: number;
  SeasonName: string;
  Description: string;
  CreatedOn: string;
  CreatedByName: string | null;
  IsECN?: boolean;
}

export interface SpecLogPanelProps {
  entriesUrl: string;
  /** Saves a new entry's text. */
  save: (description: string) => Promise<unknown>;
  canEdit: boolean;
  /** The screen's own tools above the list; `refresh` reloads the entries. */
  tools?: (refresh: () => void) => ReactNode;
  /** Inside an accordion section (no card and heading of its own). */
  embedded?: boolean;
}

export function SpecLogPanel({ entriesUrl, save, canEdit, tools, embedded }: SpecLogPanelProps) {
  const { data, mutate } = useSWR<SpecLogEntry[]>(entriesUrl);
  const [text, setText] = useState('');
  const refresh = () => void mutate();
  const add = async () => {
    try {
      await save(text.trim());
      setText('');
      refresh();
    } catch (e) {
      toast.error(errorText(e, 'The entry was not saved.'));
    }
  };
  return (
    <section className={embedded ? 'spec-log' : 'card spec-log pattern-panel'} aria-label="Spec Log">
      {!embedded && <h2>Spec Log</h2>}
      {tools?.(refresh)}
      {canEdit && (
        <div className="field">
          <label htmlFor="spec-log-text">New entry</label>
          <textarea id="spec-log-text" rows={2} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="button" className="btn btn--small" disabled={!text.trim()} onClick={() => void add()}>
            Add entry
          </button>
        </div>
      )}
      {data && !data.length && <p className="field__hint">No entries yet.</p>}
      <ul className="spec-log__list">
        {data?.map((e) => (
          <li key={e.SpecLogEntryId}>
            <span className="spec-log__meta">
              {formatDateTime(e.CreatedOn)} · {e.CreatedByName ?? ''} · {e.SeasonName}
            </span>
            {e.IsECN && <span className="spec-log__ecn">ECN</span>}
            <p>{e.Description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
