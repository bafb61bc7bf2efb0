/**
 * The brief screen's header actions (BRIEF-009): copy, create pattern (status 2 or 3, BRIEF-017; disabled with its reason before, issue 27),
 * relink to another line plan (BRIEF-019) and delete. The server decides every one of them again.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { levelOf, searchPathOf } from '../../components/record/hierarchy';
import { RelinkDialog } from '../../components/record/RelinkDialog';
import { GuardedAction, mustBeReleased } from '../../components/record/GuardedAction';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { canCreatePatternFrom, canOfferDelete } from './brief-form';

const RELINK_ITEMS = { key: 'LinePlanId', name: 'LinePlanName' };
const DELETE_ERROR = 'There was an error while deleting the record. Please contact your administrator.';

export function BriefActions({ record, reload }: { record: RecordData; reload: () => void }) {
  const navigate = useNavigate();
  const canCreate = useCan('brief', 'create');
  const canEdit = useCan('brief', 'edit');
  const canDelete = useCan('brief', 'delete');
  const canCreatePattern = useCan('pattern', 'create');
  const [dialog, setDialog] = useState<'relink' | 'delete' | null>(null);
  const id = record.BriefSeasonalId as number;
  const open = !record.IsDeleted;
  // BRIEF-019: relink is blocked while patterns are linked (the server refuses it too).
  const { data: patterns } = useSWR<{ Count: number }>(canEdit && open ? `/api/Brief/BriefPatternsCount?BriefSeasonalId=${id}` : null);
  const relinkBlocked = (patterns?.Count ?? 0) > 0;

  const remove = async () => {
    setDialog(null);
    try {
      const answer = await apiFetch<{ Message: string }>('/api/Brief/DeleteBrief', { method: 'POST', json: { BriefSeasonalId: id } });
      toast.success(answer.Message);
      void navigate(searchPathOf(levelOf('brief')!), { replace: true });
    } catch (e) {
      toast.error(errorText(e, DELETE_ERROR));
    }
  };

  return (
    <>
      {canCreate && open && (
        <Link className="btn btn--small" to={`/briefCopy/${id}`}>
          Copy
        </Link>
      )}
      {canCreatePattern && open && (
        <GuardedAction label="Create Pattern" to={`/patternFromBrief/${id}`} blocked={canCreatePatternFrom(record.StatusId) ? null : mustBeReleased('brief')} />
      )}
      {canEdit && open && (
        <button
          type="button"
          className="btn btn--small"
          disabled={relinkBlocked}
          onClick={() => setDialog('relink')}
          title={relinkBlocked ? 'The brief has linked patterns; it cannot be relinked to another line plan.' : undefined}
        >
          Relink
        </button>
      )}
      {canDelete && open && canOfferDelete(record.StatusId) && (
        <button type="button" className="btn btn--small btn--danger" onClick={() => setDialog('delete')}>
          Delete
        </button>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete Brief"
          message={`Delete the brief ${String(record.BriefName)}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setDialog(null)}
        />
      )}
      {/* BRIEF-019: a Released or Completed line plan of the brief's brand and season. */}
      {dialog === 'relink' && (
        <RelinkDialog
          title="Relink to another Line Plan"
          listUrl={`/api/Brief/RelinkList?BriefSeasonalId=${id}`}
          items={RELINK_ITEMS}
          relinkUrl="/api/Brief/RelinkBrief"
          relinkBody={(LinePlanId) => ({ BriefId: id, LinePlanId })}
          current={`Current line plan: ${String(record.LinePlanName ?? '')}`}
          emptyText="No available line plans were found."
          onDone={() => {
            setDialog(null);
            reload();
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
