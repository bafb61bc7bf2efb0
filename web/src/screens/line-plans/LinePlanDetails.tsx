/**
 * The Details tab of /linePlan/{id} (LP-003): the seasonal planning phase, one calendar per
 * sub-season, the launch dates, and the calendar import (LP-012: statuses 1 and 2 only; LP-024/025).
 */
import { useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { savePanelInTurn, useRecordSaves } from '../../components/record/record-saves';
import { tabPanelProps } from '../../components/tabs/TabList';
import { toast } from '../../shell/toast-store';
import type { ReferenceOption } from '../../components/schema-form/reference';
import { ChildRowsEditor, ERRORS_TOAST_MS } from './ChildRowsEditor';
import { CALENDAR, childKey, importCalendarFile, LAUNCHES, PLANNING, type Row } from './line-plan-api';

export const IMPORT_STATUSES = new Set([1, 2]);

interface Props {
  record: Row;
  readOnly: boolean;
  canEdit: boolean;
  onSaved: (rowVersion: number) => void;
}

export function LinePlanDetails({ record, readOnly, canEdit, onSaved }: Props) {
  const id = Number(record.LinePlanId);
  const rowVersion = Number(record.RowVersion);
  const { data: subSeasons } = useSWR<{ SubSeasonId: number; SubSeasonName: string }[]>(`/api/LinePlan/GetSubSeasons?LinePlanId=${id}`);
  const { mutate } = useSWRConfig();
  const file = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const saves = useRecordSaves();
  // The calendar's Group cells show and take the group's name (the corporate template's groups).
  const { data: groups } = useSWR<ReferenceOption[]>('/api/Reference/calendarGroups');
  const groupOptions = useMemo(() => ({ GroupId: groups ?? [] }), [groups]);
  const common = { linePlanId: id, rowVersion, readOnly, onSaved };

  const importFile = async (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!f) return;
    if (!/\.(xlsx?|XLSX?)$/.test(f.name)) {
      toast.error('Please upload an Excel file (.xls, .xlsx)');
      return;
    }
    setImporting(true);
    try {
      const refusal = await savePanelInTurn(saves, (v) => importCalendarFile(id, v, f), rowVersion);
      if (!refusal.ok) {
        toast.error([refusal.Message, ...refusal.Errors.map((e) => `${e.Field}: ${e.Message}`)].join('\n'), ERRORS_TOAST_MS);
        return;
      }
      onSaved(refusal.RowVersion);
      toast.success('Calendar imported.');
      await mutate(childKey(CALENDAR, id));
    } catch {
      toast.error('File Upload Error');
    } finally {
      setImporting(false);
    }
  };

  return (
    <div className="line-plan-details" {...tabPanelProps('line-plan', 'details')}>
      <ChildRowsEditor {...common} set={PLANNING} title="Seasonal Planning Phase" testId="planning" />
      {canEdit && !readOnly && IMPORT_STATUSES.has(Number(record.StatusId)) && (
        <div className="toolbar">
          <label className="btn btn--small">
            {importing ? 'Importing…' : 'Import Calendar'}
            <input ref={file} type="file" hidden accept=".xls,.xlsx" aria-label="Import Calendar" onChange={(e) => void importFile(e.target.files?.[0])} />
          </label>
        </div>
      )}
      {subSeasons?.map((s) => (
        <ChildRowsEditor
          key={s.SubSeasonId}
          {...common}
          set={CALENDAR}
          options={groupOptions}
          title={`Calendar ${s.SubSeasonName}`}
          filter={(r) => r.SubSeasonId === s.SubSeasonId}
          newRow={{ SubSeasonId: s.SubSeasonId }}
          testId={`calendar-${s.SubSeasonId}`}
        />
      ))}
      <ChildRowsEditor {...common} set={LAUNCHES} title="Launch Dates" testId="launches" />
    </div>
  );
}
