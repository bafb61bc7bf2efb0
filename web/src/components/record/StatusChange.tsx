/**
 * The status of a hierarchy record, changed on its own (PERM-004 'status' permission): only the
 * statuses the status table allows next. It works in read-only statuses too, where nothing else
 * may change (LP-011).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { toast } from '../../shell/toast-store';
import type { HierarchyLevel } from './hierarchy';
import { useRecordSaves } from './record-saves';
import { saveRecordInTurn } from './save-record';
import type { RecordData } from './use-hierarchy-record';

interface StatusOption {
  StatusId: number;
  StatusName: string;
}

export function StatusChange({ level, record, onChanged }: { level: HierarchyLevel; record: RecordData; onChanged: (r: RecordData) => void }) {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const allowed = can(permissions, level.module, 'status') && !record.IsDeleted;
  const { data } = useSWR<StatusOption[]>(allowed ? `/api/Status/GetAvailableStatusList?currentStatusId=${String(record.StatusId)}` : null);
  const [busy, setBusy] = useState(false);
  const saves = useRecordSaves();
  if (!allowed || !data?.length) return null;
  const change = async (statusId: number) => {
    setBusy(true);
    try {
      const result = await saveRecordInTurn(saves, level, record, { StatusId: statusId });
      if (result.ok) {
        toast.success('Record Saved Successfully.');
        onChanged(result.record);
      } else toast.error([result.outcome.Message, ...(result.outcome.Errors ?? []).map((e) => e.Message)].filter(Boolean).join(' '), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="status-change">
      <span>Set status</span>
      <select aria-label="Set status" value="" disabled={busy} onChange={(e) => e.target.value && void change(Number(e.target.value))}>
        <option value="">{String(record.StatusName ?? '')}</option>
        {data.map((s) => (
          <option key={s.StatusId} value={s.StatusId}>
            {s.StatusName}
          </option>
        ))}
      </select>
    </label>
  );
}
