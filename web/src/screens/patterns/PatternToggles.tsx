/**
 * Adoption and PTA of a pattern (PAT-013..015). Each toggle is offered only when the user may
 * use it: adoption when the server says CanAdopt (permission 4/6, status 2), PTA with permission
 * 4/9 outside the read-only statuses. A toggle saves at once; the server stamps or clears the
 * date and the user, and the answer replaces the record on screen.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { isReadOnlyStatus, type HierarchyLevel } from '../../components/record/hierarchy';
import { useRecordSaves } from '../../components/record/record-saves';
import { saveRecordInTurn } from '../../components/record/save-record';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { toast } from '../../shell/toast-store';
import { isoToDisplay } from '../../components/fields/dates';
import { adoptToggleEnabled } from './pattern-form';

interface Props {
  level: HierarchyLevel;
  record: RecordData;
  onSaved: (record: RecordData) => void;
}

const stamp = (date: unknown, by: unknown) => (date ? `${isoToDisplay(date)}${by ? ` · ${String(by)}` : ''}` : '');

export function PatternToggles({ level, record, onSaved }: Props) {
  const permissions = useSessionStore((s) => s.session?.userPermissions);
  const id = record.PatternSeasonalId as number;
  const { data: canAdopt, mutate } = useSWR<boolean>(`/api/Pattern/CanAdopt?PatternSeasonalId=${id}&v=${String(record.RowVersion)}`);
  // The box shows the new value while it saves and reverts when the server refuses (PAT-014).
  // The two boxes clicked one after the other save in turn, the second at the version the first gave.
  const saves = useRecordSaves();
  const [pending, setPending] = useState<Partial<Record<'AdoptedStatus' | 'PTAStatus', boolean>>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version of the record (saved or reloaded) ends the pending values
  useEffect(() => setPending({}), [record.RowVersion]);
  const adoptAllowed = adoptToggleEnabled(canAdopt, record.StatusId);
  const ptaAllowed = can(permissions, 'pattern', 'ptaEdit') && !isReadOnlyStatus(record.StatusId) && !record.IsDeleted;

  const toggle = async (field: 'AdoptedStatus' | 'PTAStatus', value: boolean) => {
    setPending({ [field]: value });
    try {
      const result = await saveRecordInTurn(saves, level, record, { [field]: value });
      if (result.ok) {
        toast.success('Record Saved Successfully.');
        onSaved(result.record);
        void mutate();
        return;
      }
      toast.error(result.outcome.Message ?? 'The change was not saved.');
    } catch {
      toast.error('The change was not saved.');
    }
    setPending({});
  };
  const row = (field: 'AdoptedStatus' | 'PTAStatus', label: string, allowed: boolean, detail: string) => (
    <div className="pattern-toggle" data-field={field}>
      {allowed ? (
        <label>
          <input
            type="checkbox"
            checked={pending[field] ?? record[field] === true}
            disabled={field in pending}
            onChange={(e) => void toggle(field, e.target.checked)}
          />{' '}
          {label}
        </label>
      ) : (
        <span>
          {label}: <strong>{record[field] === true ? 'Yes' : 'No'}</strong>
        </span>
      )}
      <span className="pattern-toggle__stamp">{detail}</span>
    </div>
  );
  return (
    <section className="card pattern-panel" aria-label="Adoption and PTA">
      <h2>Adoption and PTA</h2>
      {row('AdoptedStatus', 'Adopted', adoptAllowed, stamp(record.AdoptedDate, record.AdoptedByName))}
      {row('PTAStatus', 'PTA', ptaAllowed, stamp(record.PTADate, record.PTABy === 1 ? 'System User' : undefined))}
    </section>
  );
}
