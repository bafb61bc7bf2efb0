import { describe, expect, it } from 'vitest';
import { END_BEFORE_START, dateMarks, keyed, moveRows, resetFlags, revokesSpec, saveList, serverMarks, setApproval, withLocks } from './cp-rows';

const who = { userId: 7, name: 'Dana Whitfield', today: '2026-11-27' };
const procs = () => withLocks(keyed([
  { Id: 1, ProcessName: 'Final spec approval', ProcessType: 'SPECAPP', SortOrder: 10, CriticalPathProcessApprovedId: null, IsProcessReadOnly: false },
  { Id: 2, ProcessName: 'Leather approval', ProcessType: 'LTHAPP', SortOrder: 20, CriticalPathProcessApprovedId: null, IsProcessReadOnly: false },
  { Id: 3, ProcessName: 'Prop 65', ProcessType: 'PROP65LEAD', SortOrder: 30, CriticalPathProcessApprovedId: 1, ApprovedBy: 3, ApprovedByName: 'X', IsProcessReadOnly: false },
]));

describe('critical path rows', () => {
  it('CP-019 a move renumbers SortOrder by 10', () => {
    const moved = moveRows(procs(), [2], 1);
    expect(moved.map((r) => r.ProcessName)).toEqual(['Final spec approval', 'Prop 65', 'Leather approval']);
    expect(moved.map((r) => r.SortOrder)).toEqual([10, 20, 30]);
  });

  it('CP-025 end before start is marked on the end date', () => {
    const [r] = keyed([{ EstStartDate: '2026-02-01', TargetDate: '2026-01-31', RevStartDate: '2026-01-01', RevisedTargetDate: '2026-01-01' }]);
    const marks = dateMarks([r], [['EstStartDate', 'TargetDate'], ['RevStartDate', 'RevisedTargetDate']]);
    expect([...marks.get(r.k)!]).toEqual([['TargetDate', END_BEFORE_START]]);
  });

  it('CP-038 CP-039 approving SPECAPP stamps it and unlocks the other rows', () => {
    const rows = procs();
    expect(rows.map((r) => r.IsProcessLocked)).toEqual([false, true, true]);
    const next = setApproval(rows, rows[0].k, 1, 'Approved', who);
    expect(next[0]).toMatchObject({ CriticalPathProcessApprovedId: 1, ApprovedBy: 7, ApprovedByName: 'Dana Whitfield', ApprovalDate: '2026-11-27' });
    expect(next.map((r) => r.IsProcessLocked)).toEqual([false, false, false]);
  });

  it('CP-040 revoking SPECAPP clears the other approvals except PROP65LEAD and resets the flags', () => {
    let rows = procs();
    rows = setApproval(rows, rows[0].k, 1, 'Approved', who);
    rows = setApproval(rows, rows[1].k, 1, 'Approved', who);
    expect(revokesSpec(rows, rows[0].k, 2)).toBe(true);
    expect(revokesSpec(rows, rows[1].k, null)).toBe(false);
    const revoked = setApproval(rows, rows[0].k, 2, 'Rejected', who);
    expect(revoked.map((r) => r.CriticalPathProcessApprovedId)).toEqual([2, null, 1]);
    expect(revoked[1]).toMatchObject({ ApprovedBy: null, ApprovedByName: null, ApprovalDate: null, IsProcessLocked: true });
    expect(resetFlags([{ IsLeatherApproved: true, IsRSTestComplete: true, StockNumber: 'A' }], ['IsLeatherApproved', 'IsRSTestComplete']))
      .toEqual([{ IsLeatherApproved: false, IsRSTestComplete: true, StockNumber: 'A' }]);
  });

  it('CP-024 the save list keeps the request fields and sends removed stored rows as IsDeleted', () => {
    const rows = keyed([{ Id: 0, ProcessName: 'New', SortOrder: 10, ApprovedByName: 'x', TargetDate: '2026-01-02T00:00:00.000Z', Notes: '' }]);
    expect(saveList(rows, [{ Id: 5, ProcessName: 'Old' }, { Id: 0, ProcessName: 'Never saved' }], 'Id', ['Id', 'ProcessName', 'SortOrder', 'TargetDate', 'Notes']))
      .toEqual([{ Id: 0, ProcessName: 'New', SortOrder: 10, TargetDate: '2026-01-02', Notes: null }, { Id: 5, ProcessName: 'Old', IsDeleted: true }]);
  });

  it('CP-023 the server\'s field errors mark the rows sent', () => {
    const rows = keyed([{ Id: 1 }, { Id: 2 }]);
    const marks = serverMarks([{ Field: '/FinalProcesses/1/TargetDate', Message: 'm' }, { Field: '/Name', Message: 'n' }], 'FinalProcesses', rows);
    expect([...marks.get(rows[1].k)!]).toEqual([['TargetDate', 'm']]);
  });
});
