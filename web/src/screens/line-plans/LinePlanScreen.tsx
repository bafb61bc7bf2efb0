/**
 * /linePlan/:id (LP-001, LP-003): the line plan in the shared RecordEditor with its Details tab
 * (planning phase, sub-season calendars, launch dates, import), the export (LP-032), delete in
 * status 1 without briefs (LP-013), the gantt view (LP-004) and 'Create Brief' once Released or
 * Completed (LP-010), shown disabled with its reason before (issue 27). An unknown id shows 'Line Plan not found' with a link to the list (LP-005 as
 * issue 11 decides; RecordEditor); a deleted one shows its message and goes to Search (LP-006, RecordEditor).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { isReleased } from '@domain/statuses';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { isReadOnlyStatus, levelOf } from '../../components/record/hierarchy';
import { RecordEditor, type Reload } from '../../components/record/RecordEditor';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import { GuardedAction, mustBeReleased } from '../../components/record/GuardedAction';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { downloadExport } from './line-plan-api';
import { LinePlanDetails } from './LinePlanDetails';
import { TabList } from '../../components/tabs/TabList';
import './line-plans.css';

const LEVEL = levelOf('line-plan')!;
/** LP-003: the line plan's one tab. */
const DETAILS_TABS = [{ id: 'details', label: 'Details' }];
const recordKey = (id: number) => `${LEVEL.read}?${LEVEL.key}=${id}`;

/** LP-027: a failed fetch alerts; answers whether the record may render (an unknown one shows 'not found'). */
function useKnownLinePlan(id: number | null) {
  const { data, error } = useSWR<RecordData>(id ? recordKey(id) : null, { revalidateOnFocus: false });
  // LP-027: a failed fetch (no answer, or the server's fault) is a plain alert 'error'.
  const failed = error instanceof ApiError && (error.network || error.status >= 500);
  useEffect(() => {
    if (failed) window.alert('error');
  }, [failed]);
  return !!data || !!error;
}

function Actions({ record, reload }: { record: RecordData; reload: () => void }) {
  const navigate = useNavigate();
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const id = Number(record.LinePlanId);
  const mayDelete = can(permissions, 'linePlan', 'delete') && record.StatusId === 1 && !record.IsDeleted;
  const { data: briefs } = useSWR<{ TotalRecords: number }>(
    mayDelete && can(permissions, 'brief', 'read') ? `/api/LinePlan/GetLinePlanBriefs?LinePlanId=${id}&pageSize=1` : null,
  );
  const [busy, setBusy] = useState(false);

  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await apiFetch('/api/LinePlan/DeleteLinePlan', { method: 'POST', json: { LinePlanId: id } });
      toast.success('Line plan deleted.');
      void navigate('/linePlanList');
    } catch (e) {
      toast.error(e instanceof ApiError ? String((e.body as { Message?: string } | null)?.Message ?? 'error') : 'error');
      reload();
    } finally {
      setBusy(false);
    }
  };
  const exportFile = () => downloadExport(id).catch(() => toast.error('error'));

  return (
    <>
      {can(permissions, 'brief', 'create') && !record.IsDeleted && (
        <GuardedAction
          label="Create Brief"
          to={`/briefFromLinePlan/${id}`}
          blocked={isReleased(Number(record.StatusId)) ? null : mustBeReleased('line plan')}
        />
      )}
      <Link className="btn btn--small" to={`/linePlan/${id}/gantt`}>
        Gantt
      </Link>
      <button type="button" className="btn btn--small" onClick={() => void exportFile()}>
        Export
      </button>
      {mayDelete && briefs?.TotalRecords === 0 && (
        <button type="button" className="btn btn--small btn--danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete Line Plan"
          message={`Delete the line plan ${String(record.LinePlanName)}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function Tabs({ record, reload }: { record: RecordData; reload: Reload }) {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  // A child save moved the line plan's version on: the header saves at the new one at once, then reloads.
  const onSaved = (RowVersion: number) => reload({ RowVersion });
  const canEdit = can(permissions, 'linePlan', 'edit');
  const readOnly = !canEdit || isReadOnlyStatus(record.StatusId) || !!record.IsDeleted;
  return (
    <>
      <TabList idPrefix="line-plan" tabs={DETAILS_TABS} chosen="details" onChoose={() => {}} />
      <LinePlanDetails record={record} readOnly={readOnly} canEdit={canEdit} onSaved={onSaved} />
    </>
  );
}

export function LinePlanScreen() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const known = useKnownLinePlan(valid ? Number(id) : null);
  if (!valid) return <RecordNotFound level={LEVEL} />;
  if (!known)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  return (
    <RecordEditor key={id} level={LEVEL} id={Number(id)} actions={(record, reload) => <Actions record={record} reload={reload} />}>
      {(record, reload) => <Tabs record={record} reload={reload} />}
    </RecordEditor>
  );
}
