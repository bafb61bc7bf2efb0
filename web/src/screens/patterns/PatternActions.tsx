/**
 * Header actions of the pattern screen: list, copy (/patternCopy), relink to another brief
 * (PAT-019, offered when the server's relink list allows it) and delete (PAT-024: the server
 * refuses unless status 1 without colorways, with the spec's message).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { toast } from '../../shell/toast-store';

interface RelinkList { CanRelink: boolean; Message: string | null; Briefs: { BriefSeasonalId: number; BriefName: string; StatusName: string }[] }

export function PatternActions({ record, reload }: { record: RecordData; reload: () => void }) {
  const navigate = useNavigate();
  const id = record.PatternSeasonalId as number;
  const [canCreate, canEdit, canDelete] = [useCan('pattern', 'create'), useCan('pattern', 'edit'), useCan('pattern', 'delete')];
  const canCreateColorway = useCan('colorway', 'create');
  const [relinking, setRelinking] = useState(false);
  const [target, setTarget] = useState<number | null>(null);
  const { data: relink } = useSWR<RelinkList>(relinking ? `/api/Pattern/GetRelinkList?PatternSeasonalId=${id}` : null);

  const remove = async () => {
    if (!window.confirm('Delete this pattern?')) return;
    try {
      await apiFetch('/api/Pattern/DeletePatternSeasonal', { method: 'POST', json: { PatternSeasonalId: id } });
      toast.success('Record deleted.');
      void navigate('/patternList');
    } catch (e) {
      toast.error(errorText(e, 'There was an error while deleting the record. Please contact your administrator.'));
    }
  };
  const doRelink = async () => {
    try {
      await apiFetch('/api/Pattern/RelinkPattern', { method: 'POST', json: { PatternSeasonalId: id, BriefSeasonalId: target, RowVersion: record.RowVersion } });
      toast.success('Record Saved Successfully.');
      setRelinking(false);
      reload();
    } catch (e) {
      toast.error(errorText(e, 'The pattern was not relinked.'));
    }
  };
  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => void navigate('/patternList')}>List</button>
      {canCreate && <button type="button" className="btn" onClick={() => void navigate(`/patternCopy/${id}`)}>Copy</button>}
      {/* CW-004: colorways only under a Released or Completed pattern. */}
      {canCreateColorway && (record.StatusId === 2 || record.StatusId === 3) && (
        <button type="button" className="btn" onClick={() => void navigate(`/prototypeFromPattern/${id}`)}>Create Colorway</button>
      )}
      {canEdit && <button type="button" className="btn" onClick={() => setRelinking(!relinking)}>Relink</button>}
      {canDelete && record.StatusId === 1 && <button type="button" className="btn btn--danger" onClick={() => void remove()}>Delete</button>}
      {relinking && relink && (
        <div className="pattern-relink card" role="dialog" aria-label="Relink pattern">
          {!relink.CanRelink && <p className="alert alert--warning">{relink.Message}</p>}
          {relink.CanRelink && !relink.Briefs.length && <p className="field__hint">No other released briefs in this season.</p>}
          {relink.Briefs.map((b) => (
            <label key={b.BriefSeasonalId} className="pattern-relink__brief">
              <input type="radio" name="relink-brief" checked={target === b.BriefSeasonalId} onChange={() => setTarget(b.BriefSeasonalId)} /> {b.BriefName} ({b.StatusName})
            </label>
          ))}
          <div className="form__actions">
            {relink.CanRelink && <button type="button" className="btn btn--primary" disabled={!target} onClick={() => void doRelink()}>Relink</button>}
            <button type="button" className="btn btn--ghost" onClick={() => setRelinking(false)}>Close</button>
          </div>
        </div>
      )}
    </>
  );
}
