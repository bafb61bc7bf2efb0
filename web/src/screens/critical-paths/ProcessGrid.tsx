/**
 * A critical path's process list (CP-019, CP-023..026, CP-038/039) on OwnedGrid (ADR 029): its
 * columns and titles from its grid document (`critical-path-*-processes`, the PDF's too); the
 * approval a pick list of the lookup's names, the approver one of the brand's users (CP-026; only
 * once the process has an approval); a locked row's cells (IsProcessLocked, CP-039) read-only with
 * the reason, said when typed into; a name that cannot change (CanChangeName) read-only. Add row,
 * Remove row (CanBeDeleted, asked first: CP-024), reorder by the row number or Move up/down, paste,
 * fill and undo come with the grid. The rows are the screen's: each change comes back renumbered by
 * 10 (CP-019) with the approval rules applied (cp-rows.ts editRows).
 */
import { useMemo, useState, type RefObject } from 'react';
import type Handsontable from 'handsontable/base';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { OwnedGrid, type RowsChange } from '../../components/data-grid/OwnedGrid';
import type { RowErrors } from '../../components/data-grid/owned-rows';
import { withCurrent, type ReferenceOption } from '../../components/schema-form/reference';
import { DELETE_ROW, LOCKED, editRows, keyed, renumber, withLocks, type Approval, type Approver, type ProcessRow, type Revoke, type Row } from './cp-rows';
import { useApprovalStamp } from './shared';

interface Props {
  gridId: string;
  testId: string;
  label: string;
  rows: readonly ProcessRow[];
  /** The rows after each change, and a revocation of the final spec approval to ask first (CP-040); without it the grid is read only. */
  onRows?: (rows: ProcessRow[], revoke?: Revoke) => void;
  /** The fields of a new row besides its name (its id 0, its type). */
  blank: Row;
  approvals: readonly Approval[];
  /** The approver lookup's choices (CP-026); without them the approver cells are read only. */
  approvers?: readonly Approver[];
  errors: RowErrors;
  /** A word for the user (why a locked row takes no input). */
  onNotice: (text: string) => void;
  hotRef: RefObject<Handsontable | null>;
}

const NO_APPROVERS: readonly Approver[] = [];
const LOCKED_CELL = { className: 'cp-grid__locked', title: LOCKED };
/** A row's approver choices: the brand's users, and its current approver by name (who may be no longer one of them). */
const approverChoices = (users: readonly ReferenceOption[]) => (r: ProcessRow) => withCurrent(users, r.ApprovedBy, r.ApprovedByName);
/** Keys that would start an edit of the selected cell. */
const typing = (e: KeyboardEvent) => (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) || ['F2', 'Delete', 'Backspace'].includes(e.key);

export function ProcessGrid({ gridId, testId, label, rows, onRows, blank, approvals, approvers = NO_APPROVERS, errors, onNotice, hotRef }: Props) {
  const stamp = useApprovalStamp();
  const [asking, setAsking] = useState<{ remove: () => void } | null>(null);
  const options = useMemo(() => {
    return {
      CriticalPathProcessApprovedId: approvals.map((a) => ({ value: a.CriticalPathProcessApprovedId, label: a.ApprovalName })),
      ApprovedBy: approverChoices(approvers.map((a) => ({ value: a.UserId, label: a.Name }))),
    };
  }, [approvals, approvers]);

  const onChange =
    onRows &&
    ((next: ProcessRow[], change: RowsChange<ProcessRow>) => {
      // CP-019: added, removed and moved rows are renumbered by 10 (CP-039: the locks follow the order).
      if (change.kind !== 'edit') {
        onRows(withLocks(renumber(next)));
        return;
      }
      const out = editRows(rows, change.cells, { approvals, approvers }, stamp());
      onRows(out.rows, out.revoke);
    });
  const newRow = (list: readonly ProcessRow[]) =>
    withLocks(renumber([...list, ...keyed([{ ...blank, ProcessName: 'New process', CanBeDeleted: true, CanChangeName: true }])])).at(-1)!;
  const cellReadOnly = (r: ProcessRow, field: string) =>
    r.IsProcessLocked === true ||
    (field === 'ProcessName' && r.CanChangeName === false) ||
    // Only an approved (or rejected, pending) process has an approver to name.
    (field === 'ApprovedBy' && (!r.CriticalPathProcessApprovedId || !approvers.length));
  const onKey = (e: KeyboardEvent, r: ProcessRow | undefined) => {
    if (!onRows || r?.IsProcessLocked !== true || !typing(e)) return false;
    onNotice(LOCKED);
    return true;
  };

  return (
    <>
      <OwnedGrid
        gridId={gridId}
        rows={rows}
        rowKey={(r) => r.k}
        onChange={onChange}
        options={options}
        cellReadOnly={cellReadOnly}
        errors={errors}
        decorate={(r) => (r.IsProcessLocked === true ? LOCKED_CELL : undefined)}
        onKey={onKey}
        newRow={newRow}
        canRemove={(r) => r.CanBeDeleted !== false && r.IsProcessLocked !== true}
        confirmRemove={(_, remove) => setAsking({ remove })}
        reorder
        height={Math.min(Math.max(rows.length, 3) * 30 + 36, 520)}
        stretch="last"
        className="cp-grid"
        testId={testId}
        label={label}
        hotRef={hotRef}
        toolbar={onRows && <span className="muted cp-hint">Drag a row by its number to reorder.</span>}
      />
      {asking && (
        <ConfirmDialog
          title="Remove row"
          message={DELETE_ROW}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={() => {
            setAsking(null);
            asking.remove();
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
