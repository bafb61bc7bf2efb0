/**
 * The Details tab of /linePlan/{id} (LP-003): the seasonal planning phase, one calendar per
 * sub-season, the launch dates, and the calendar import (LP-012: statuses 1 and 2 only; LP-024/025).
 */
import { useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { savePanelInTurn, useRecordSaves } from '../../components/record/record-saves';
import { tabPanelProps } from '../../components/tabs/TabList';
import { toast } from '../../shell/toast-store';
import { ChildRowsEditor, ERRORS_TOAST_MS, type EditorColumn } from './ChildRowsEditor';
import { CALENDAR, childKey, importCalendarFile, LAUNCHES, PLANNING, type Row } from './line-plan-api';

const date = (field: string, title: string): EditorColumn => ({ field, title, kind: 'date' });
const PLANNING_COLUMNS: EditorColumn[] = [{ field: 'Name', title: 'Phase', kind: 'text' }, date('StartDate', 'Start Date'), date('EndDate', 'End Date')];
const CALENDAR_COLUMNS: EditorColumn[] = [
  { field: 'Name', title: 'Name', kind: 'text' },
  { field: 'Stage', title: 'Stage', kind: 'text' },
  { field: 'GroupId', title: 'Group', kind: 'int', width: 70 },
  { field: 'Sort', title: 'Sort', kind: 'int', width: 70 },
  date('StartDate', 'Start Date'),
  date('EndDate', 'End Date'),
  { field: 'Duration', title: 'Duration (days)', kind: 'computed', width: 90 },
];
const LAUNCH_COLUMNS: EditorColumn[] = [
  { field: 'LaunchNumber', title: 'Launch', kind: 'int', width: 70 },
  { field: 'LaunchDesc', title: 'Description', kind: 'text' },
  date('AdoptionDueDate', 'Adoption Due'),
  date('SpecLckT1DueDate', 'Spec Lock T1 Due'),
  date('PoIssuedDate', 'PO Issued'),
  date('T2DueDate', 'T2 Due'),
  date('T3DueDate', 'T3 Due'),
  date('FactoryExGoDate', 'Factory Ex-Go'),
  date('AvailAtRetailDate', 'Available at Retail'),
];

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
      <ChildRowsEditor {...common} set={PLANNING} columns={PLANNING_COLUMNS} title="Seasonal Planning Phase" testId="planning" />
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
          columns={CALENDAR_COLUMNS}
          title={`Calendar ${s.SubSeasonName}`}
          filter={(r) => r.SubSeasonId === s.SubSeasonId}
          newRow={{ SubSeasonId: s.SubSeasonId }}
          testId={`calendar-${s.SubSeasonId}`}
        />
      ))}
      <ChildRowsEditor {...common} set={LAUNCHES} columns={LAUNCH_COLUMNS} title="Launch Dates" testId="launches" />
    </div>
  );
}
