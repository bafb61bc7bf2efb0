/** PAT-007: the pattern's spec log (newest first) and a new entry in the season on screen. */
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { formatDateTime } from '../../format/date';
import { toast } from '../../shell/toast-store';

interface Entry { SpecLogEntryId: number; SeasonName: string; Description: string; CreatedOn: string; CreatedByName: string | null }

export function SpecLogPanel({ patternSeasonalId, canEdit }: { patternSeasonalId: number; canEdit: boolean }) {
  const { data, mutate } = useSWR<Entry[]>(`/api/Pattern/GetSpecLogData?PatternSeasonalId=${patternSeasonalId}`);
  const [text, setText] = useState('');
  const add = async () => {
    try {
      await apiFetch('/api/Pattern/SaveSpecLogEntry', { method: 'POST', json: { PatternSeasonalId: patternSeasonalId, Description: text.trim() } });
      setText('');
      void mutate();
    } catch (e) {
      toast.error(errorText(e, 'The entry was not saved.'));
    }
  };
  return (
    <section className="card pattern-panel" aria-label="Spec Log">
      <h2>Spec Log</h2>
      {canEdit && (
        <div className="field">
          <label htmlFor="spec-log-text">New entry</label>
          <textarea id="spec-log-text" rows={2} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="button" className="btn btn--small" disabled={!text.trim()} onClick={() => void add()}>Add entry</button>
        </div>
      )}
      {data && !data.length && <p className="field__hint">No entries yet.</p>}
      <ul className="pattern-spec-log">
        {data?.map((e) => (
          <li key={e.SpecLogEntryId}><span className="pattern-spec-log__meta">{formatDateTime(e.CreatedOn)} · {e.CreatedByName ?? ''} · {e.SeasonName}</span>
            <p>{e.Description}</p></li>
        ))}
      </ul>
    </section>
  );
}
