/** The row rules every critical path kind shares (server/features/critical-paths/common.ts): CP-019, CP-024, CP-025, DECISIONS CP-029. */
import { describe, expect, it } from 'vitest';
import { cancelErrors, canBeCancelled, dateErrors, planRows, type RowSpec } from '../../server/features/critical-paths/common';

const SPEC: RowSpec = { table: 't', key: 'Id', parentColumn: 'p', fields: ['ProcessName', 'SortOrder'], path: 'Processes' };
const stored = [
  { Id: 1, ProcessName: 'A', SortOrder: 10, CanBeDeleted: true, CanChangeName: true },
  { Id: 2, ProcessName: 'B', SortOrder: 20, CanBeDeleted: false, CanChangeName: false },
  { Id: 3, ProcessName: 'C', SortOrder: 30, CanBeDeleted: true, CanChangeName: true },
];

describe('critical path rows', () => {
  it('CP-019 a reorder renumbers the rows in steps of 10; rows not sent keep their place', () => {
    const plan = planRows(SPEC, stored, [{ Id: 3, ProcessName: 'C', SortOrder: 5 }, { Id: 0, ProcessName: 'New', SortOrder: 25 }]);
    expect(plan.errors).toEqual([]);
    expect(plan.keep.map((r) => [r.ProcessName, r.SortOrder])).toEqual([['C', 10], ['A', 20], ['B', 30], ['New', 40]]);
  });

  it('CP-024 IsDeleted rows with an id go, new deleted rows are dropped, CanBeDeleted false refuses', () => {
    const plan = planRows(SPEC, stored, [{ Id: 1, ProcessName: 'A', IsDeleted: true }, { Id: 0, ProcessName: 'x', IsDeleted: true }]);
    expect(plan.deleted).toEqual([1]);
    expect(plan.keep.map((r) => r.Id)).toEqual([2, 3]);
    expect(planRows(SPEC, stored, [{ Id: 2, ProcessName: 'B', IsDeleted: true }]).errors).toEqual([{ Field: '/Processes/0/IsDeleted', Message: 'This process cannot be deleted.' }]);
  });

  it('CP-024 an unknown row id and a locked name are refused', () => {
    expect(planRows(SPEC, stored, [{ Id: 99, ProcessName: 'Z' }]).errors[0].Message).toBe('This row does not belong to the critical path.');
    expect(planRows(SPEC, stored, [{ Id: 2, ProcessName: 'Renamed' }]).errors[0].Message).toBe('The name of this process cannot be changed.');
  });

  it('CP-025 end not before start, per pair', () => {
    const rows = [{ S: '2026-01-02', E: '2026-01-01' }, { S: '2026-01-01', E: '2026-01-01' }, { S: null, E: '2026-01-01' }];
    expect(dateErrors(rows, [['S', 'E']], 'Processes')).toEqual([{ Field: '/Processes/0/E', Message: 'The end date must not be before the start date.' }]);
  });

  it('CP-028 CP-029 cancel only from status 1 without an actual complete date', () => {
    expect(canBeCancelled(1, [{ ActualCompleteDate: null }])).toBe(true);
    expect(canBeCancelled(1, [{ ActualCompleteDate: '2026-01-01' }])).toBe(false);
    expect(canBeCancelled(4, [])).toBe(false);
    expect(cancelErrors(4, 3, [])[0].Message).toBe('Only an active critical path can be canceled.');
    expect(cancelErrors(1, 3, [{ ActualCompleteDate: '2026-01-01' }])[0].Message).toBe('A critical path with a completed process cannot be canceled.');
    expect(cancelErrors(1, 2, [{ ActualCompleteDate: '2026-01-01' }])).toEqual([]);
  });
});
