import { describe, expect, it } from 'vitest';
import finalGrid from '../../../../schemas/grids/critical-path-dev-prototype-final-processes.grid.json';
import finalEntity from '../../../../schemas/entities/critical-path-dev-prototype-final-process.schema.json';
import type { GridDocument } from '../../components/data-grid/columns';
import { applyChange, moveChange, ownedColumns } from '../../components/data-grid/owned-rows';
import type { EntitySchema } from '../../components/fields/field-kind';
import { END_BEFORE_START, editRows, keyed, renumber, resetFlags, revokesSpec, rowMarks, saveList, setApproval, withLocks, type ProcessRow } from './cp-rows';
import { flagSetters } from '../../../../server/domain/critical-path-approvals';

const who = { userId: 7, name: 'Dana Whitfield', today: '2026-11-27' };
const procs = () =>
  withLocks(
    keyed([
      { Id: 1, ProcessName: 'Final spec approval', ProcessType: 'SPECAPP', SortOrder: 10, CriticalPathProcessApprovedId: null, IsProcessReadOnly: false },
      { Id: 2, ProcessName: 'Leather approval', ProcessType: 'LTHAPP', SortOrder: 20, CriticalPathProcessApprovedId: null, IsProcessReadOnly: false },
      {
        Id: 3,
        ProcessName: 'Prop 65',
        ProcessType: 'PROP65LEAD',
        SortOrder: 30,
        CriticalPathProcessApprovedId: 1,
        ApprovedBy: 3,
        ApprovedByName: 'X',
        IsProcessReadOnly: false,
      },
    ]),
  );

const approvals = [
  { CriticalPathProcessApprovedId: 1, ApprovalName: 'Approved', SetsFlag: true },
  { CriticalPathProcessApprovedId: 2, ApprovalName: 'Rejected', SetsFlag: false },
];
/** CP-037: the lookup's rule (approvals table, setsflag). */
const setsFlag = flagSetters(approvals);
const approvers = [
  { UserId: 7, Name: 'Dana Whitfield' },
  { UserId: 9, Name: 'Sam Ortiz' },
];
const lists = { approvals, approvers };
const keyOf = (r: ProcessRow) => r.k;

describe('critical path rows', () => {
  it("CP-031 the final processes grid: the document's fields in order with the entity's titles (the PDF's too), approval and approver pick lists", () => {
    const grid = finalGrid as unknown as GridDocument;
    const cols = ownedColumns(grid, finalEntity as unknown as EntitySchema, ['CriticalPathProcessApprovedId', 'ApprovedBy']);
    expect(cols.map((c) => c.title)).toEqual([
      'Process',
      'Est. Start',
      'Target',
      'Rev. Start',
      'Rev. Target',
      'Actual Complete',
      'Approval',
      'Approved By',
      'Approval Date',
      'Notes',
      'Notes 2',
    ]);
    expect(cols.filter((c) => c.listed).map((c) => c.field)).toEqual(['CriticalPathProcessApprovedId', 'ApprovedBy']);
    expect(cols.filter((c) => c.readOnly).map((c) => c.field)).toEqual(['ApprovalDate']);
  });

  it('CP-019 a move renumbers SortOrder by 10 and the locks follow the order (CP-039)', () => {
    const rows = procs();
    const moved = withLocks(renumber(applyChange(rows, keyOf, moveChange(rows, keyOf, [2], 1)!)));
    expect(moved.map((r) => r.ProcessName)).toEqual(['Final spec approval', 'Prop 65', 'Leather approval']);
    expect(moved.map((r) => r.SortOrder)).toEqual([10, 20, 30]);
    expect(moved.map((r) => r.IsProcessLocked)).toEqual([false, true, true]);
  });

  it('CP-023 CP-025 a blank name and an end before its start are marked', () => {
    const [r, blank] = keyed([
      { ProcessName: 'Fit', EstStartDate: '2026-02-01', TargetDate: '2026-01-31', RevStartDate: '2026-01-01', RevisedTargetDate: '2026-01-01' },
      { ProcessName: '  ' },
    ]);
    const marks = rowMarks(
      [r, blank],
      [
        ['EstStartDate', 'TargetDate'],
        ['RevStartDate', 'RevisedTargetDate'],
      ],
    );
    expect([...marks.get(r.k)!]).toEqual([['TargetDate', END_BEFORE_START]]);
    expect([...marks.get(blank.k)!]).toEqual([['ProcessName', 'Required.']]);
  });

  it('CP-026 CP-038 CP-039 a grid edit of the approval stamps it and unlocks; the approver is named by the user picked', () => {
    const rows = procs();
    const approved = editRows(
      rows,
      [
        { key: rows[0].k, field: 'CriticalPathProcessApprovedId', after: 1 },
        { key: rows[1].k, field: 'Notes', after: 'n' },
      ],
      lists,
      who,
    );
    expect(approved.revoke).toBeUndefined();
    expect(approved.rows[0]).toMatchObject({
      CriticalPathProcessApprovedId: 1,
      ApprovalName: 'Approved',
      ApprovedBy: 7,
      ApprovedByName: 'Dana Whitfield',
      ApprovalDate: '2026-11-27',
    });
    expect(approved.rows.map((r) => r.IsProcessLocked)).toEqual([false, false, false]);
    expect(approved.rows[1].Notes).toBe('n');
    const named = editRows(approved.rows, [{ key: rows[0].k, field: 'ApprovedBy', after: 9 }], lists, who).rows;
    expect(named[0]).toMatchObject({ ApprovedBy: 9, ApprovedByName: 'Sam Ortiz' });
  });

  it('CP-040 a grid edit revoking SPECAPP stops there to be asked; an edit to the value held changes nothing', () => {
    const base = procs();
    const rows = setApproval(base, base[0].k, 1, 'Approved', who, setsFlag);
    const asked = editRows(
      rows,
      [
        { key: rows[0].k, field: 'CriticalPathProcessApprovedId', after: 2 },
        { key: rows[1].k, field: 'Notes', after: 'n' },
      ],
      lists,
      who,
    );
    expect(asked.revoke).toEqual({ k: rows[0].k, id: 2, name: 'Rejected' });
    expect(asked.rows).toEqual(rows);
    const same = editRows(rows, [{ key: rows[0].k, field: 'CriticalPathProcessApprovedId', after: 1 }], lists, { ...who, userId: 9, name: 'Sam Ortiz' });
    expect(same.rows[0]).toMatchObject({ ApprovedBy: 7, ApprovedByName: 'Dana Whitfield' });
  });

  it('CP-038 CP-039 approving SPECAPP stamps it and unlocks the other rows', () => {
    const rows = procs();
    expect(rows.map((r) => r.IsProcessLocked)).toEqual([false, true, true]);
    const next = setApproval(rows, rows[0].k, 1, 'Approved', who, setsFlag);
    expect(next[0]).toMatchObject({ CriticalPathProcessApprovedId: 1, ApprovedBy: 7, ApprovedByName: 'Dana Whitfield', ApprovalDate: '2026-11-27' });
    expect(next.map((r) => r.IsProcessLocked)).toEqual([false, false, false]);
  });

  it('CP-040 revoking SPECAPP clears the other approvals except PROP65LEAD and resets the flags', () => {
    let rows = procs();
    rows = setApproval(rows, rows[0].k, 1, 'Approved', who, setsFlag);
    rows = setApproval(rows, rows[1].k, 1, 'Approved', who, setsFlag);
    expect(revokesSpec(rows, rows[0].k, 2, setsFlag)).toBe(true);
    expect(revokesSpec(rows, rows[1].k, null, setsFlag)).toBe(false);
    const revoked = setApproval(rows, rows[0].k, 2, 'Rejected', who, setsFlag);
    expect(revoked.map((r) => r.CriticalPathProcessApprovedId)).toEqual([2, null, 1]);
    expect(revoked[1]).toMatchObject({ ApprovedBy: null, ApprovedByName: null, ApprovalDate: null, IsProcessLocked: true });
    expect(resetFlags([{ IsLeatherApproved: true, IsRSTestComplete: true, StockNumber: 'A' }], ['IsLeatherApproved', 'IsRSTestComplete'])).toEqual([
      { IsLeatherApproved: false, IsRSTestComplete: true, StockNumber: 'A' },
    ]);
  });

  it('CP-024 the save list keeps the request fields and sends the stored rows no longer shown as IsDeleted', () => {
    const rows = keyed([
      { Id: 0, ProcessName: 'New', SortOrder: 10, ApprovedByName: 'x', TargetDate: '2026-01-02T00:00:00.000Z', Notes: '' },
      { Id: 6, ProcessName: 'Kept' },
    ]);
    expect(
      saveList(
        rows,
        [
          { Id: 5, ProcessName: 'Old' },
          { Id: 6, ProcessName: 'Kept' },
        ],
        'Id',
        ['Id', 'ProcessName', 'SortOrder', 'TargetDate', 'Notes'],
      ),
    ).toEqual([
      { Id: 0, ProcessName: 'New', SortOrder: 10, TargetDate: '2026-01-02', Notes: null },
      { Id: 6, ProcessName: 'Kept' },
      { Id: 5, ProcessName: 'Old', IsDeleted: true },
    ]);
  });
});
