/**
 * Header actions of the pattern screen: list, copy (/patternCopy), relink to another brief
 * (PAT-019, offered when the server's relink list allows it) and delete (PAT-024: the server
 * refuses unless status 1 without colorways, with the spec's message), shift season and carry over
 * (CARRY-016/017, with the carryover permission).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isReleased } from '@domain/statuses';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { RelinkDialog } from '../../components/record/RelinkDialog';
import { GuardedAction, mustBeReleased } from '../../components/record/GuardedAction';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { SeasonShiftDialog, type SeasonMove } from '../carryover/SeasonShiftDialog';
import { useSessionStore } from '../../auth/session-store';

const RELINK_ITEMS = { list: 'Briefs', key: 'BriefSeasonalId', name: 'BriefName' };
const notRelinked = (e: unknown) => errorText(e, 'The pattern was not relinked.');

export function PatternActions({ record, reload }: { record: RecordData; reload: () => void }) {
  const navigate = useNavigate();
  const id = record.PatternSeasonalId as number;
  const [canCreate, canEdit, canDelete] = [useCan('pattern', 'create'), useCan('pattern', 'edit'), useCan('pattern', 'delete')];
  const canCreateColorway = useCan('colorway', 'create');
  const [relinking, setRelinking] = useState(false);
  // CW-010 / CARRY-016/017: Shift Season and Carry Over with the carryover permission (PERM-015); never for factory users.
  const isFactoryUser = useSessionStore((s) => !!s.session?.isFactoryUser);
  const canCarry = useCan('carryover', 'edit') && !isFactoryUser;
  const [moving, setMoving] = useState<SeasonMove | null>(null);

  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    setConfirming(false);
    try {
      await apiFetch('/api/Pattern/DeletePatternSeasonal', { method: 'POST', json: { PatternSeasonalId: id } });
      toast.success('Record deleted.');
      void navigate('/patternList');
    } catch (e) {
      toast.error(errorText(e, 'There was an error while deleting the record. Please contact your administrator.'));
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => void navigate('/patternList')}>
        List
      </button>
      {canCreate && (
        <button type="button" className="btn" onClick={() => void navigate(`/patternCopy/${id}`)}>
          Copy
        </button>
      )}
      {/* CW-004: colorways only under a Released or Completed pattern; before, the button says so (issue 27). */}
      {canCreateColorway && (
        <GuardedAction
          className="btn"
          label="Create Colorway"
          to={`/prototypeFromPattern/${id}`}
          blocked={isReleased(record.StatusId) ? null : mustBeReleased('pattern')}
        />
      )}
      {canEdit && (
        <button type="button" className="btn" onClick={() => setRelinking(!relinking)}>
          Relink
        </button>
      )}
      {canCarry && (
        <button type="button" className="btn" onClick={() => setMoving('shiftPattern')}>
          Shift Season
        </button>
      )}
      {canCarry && (
        <button type="button" className="btn" onClick={() => setMoving('carryPattern')}>
          Carry Over
        </button>
      )}
      {canDelete && record.StatusId === 1 && (
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete Pattern"
          message={`Delete the pattern ${String(record.PatternName)}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {moving && (
        <SeasonShiftDialog
          move={moving}
          id={id}
          brandId={record.BrandId as number}
          seasonId={record.SeasonId as number}
          onClose={() => setMoving(null)}
          onDone={(out) => {
            setMoving(null);
            if (moving === 'carryPattern' && typeof out.Data === 'number') void navigate(`/pattern/${out.Data}`);
            else reload();
          }}
        />
      )}
      {relinking && (
        <RelinkDialog
          title="Relink to another Brief"
          listUrl={`/api/Pattern/GetRelinkList?PatternSeasonalId=${id}`}
          items={RELINK_ITEMS}
          relinkUrl="/api/Pattern/RelinkPattern"
          relinkBody={(BriefSeasonalId) => ({ PatternSeasonalId: id, BriefSeasonalId, RowVersion: record.RowVersion })}
          emptyText="No other released briefs in this season."
          failure={notRelinked}
          onDone={() => {
            setRelinking(false);
            reload();
          }}
          onCancel={() => setRelinking(false)}
        />
      )}
    </>
  );
}
