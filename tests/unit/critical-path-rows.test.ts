/**
 * The row rules every critical path kind shares: the process lists planned by the records pipeline
 * from the headers' `x-children` (core/records/children.ts, ADR 031: CP-019, CP-024) with the rename
 * hook of critical-paths/common.ts, and the date and cancel rules (CP-025, DECISIONS CP-029).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../server/core/auth/permissions';
import type { AppContext } from '../../server/core/context';
import type { Queryable } from '../../server/core/db/client';
import { planChildren, writeChildren } from '../../server/core/records/children';
import { loadSchemas } from '../../server/core/schemas/registry';
import { cancelErrors, canBeCancelled, dateErrors, registerProcessRules } from '../../server/features/critical-paths/common';

const schemas = loadSchemas();
const ctx = { schemas } as unknown as AppContext;
// Dev prototype read and edit (module 12: 1 read, 2 edit).
const user = {
  userId: 7,
  isFactoryUser: false,
  permissions: new Set([1201, 1202]),
  brandIds: new Set([1]),
  factoryKeys: new Set<string>(),
} as unknown as SessionUser;
const spec = schemas.entities.get('critical-path-dev-prototype')!['x-children']!.ActualProcesses;
const KEY = 'CriticalPathDevPrototypeActualProcessId';
const stored = [
  { [KEY]: 1, ProcessName: 'A', SortOrder: 10, CanBeDeleted: true, CanChangeName: true },
  { [KEY]: 2, ProcessName: 'B', SortOrder: 20, CanBeDeleted: false, CanChangeName: false },
  { [KEY]: 3, ProcessName: 'C', SortOrder: 30, CanBeDeleted: true, CanChangeName: true },
];
const plan = (rows: Record<string, unknown>[]) => planChildren(ctx, {} as Queryable, user, spec, 'Processes', stored, rows);

beforeAll(() => registerProcessRules());

describe('critical path rows', () => {
  it('CP-019 a reorder renumbers the rows in steps of 10; rows not sent keep their place', async () => {
    const p = await plan([
      { [KEY]: 3, ProcessName: 'C', SortOrder: 5 },
      { [KEY]: 0, ProcessName: 'New', SortOrder: 25 },
    ]);
    expect(p.errors).toEqual([]);
    expect(p.keep.map((r) => [r.ProcessName, r.SortOrder])).toEqual([
      ['C', 10],
      ['A', 20],
      ['B', 30],
      ['New', 40],
    ]);
  });

  it('CP-024 IsDeleted rows with an id go, new deleted rows are dropped, CanBeDeleted false refuses', async () => {
    const p = await plan([
      { [KEY]: 1, ProcessName: 'A', IsDeleted: true },
      { [KEY]: 0, ProcessName: 'x', IsDeleted: true },
    ]);
    expect(p.removed.map((r) => r[KEY])).toEqual([1]);
    expect(p.keep.map((r) => r[KEY])).toEqual([2, 3]);
    expect((await plan([{ [KEY]: 2, ProcessName: 'B', IsDeleted: true }])).errors).toEqual([
      { Field: '/Processes/0/IsDeleted', Message: 'This process cannot be deleted.' },
    ]);
  });

  it('CP-024 an unknown or repeated row id and a locked name are refused; a field is checked by the row entity under its row path', async () => {
    expect((await plan([{ [KEY]: 99, ProcessName: 'Z' }])).errors).toEqual([
      { Field: `/Processes/0/${KEY}`, Message: 'This row does not belong to the critical path.' },
    ]);
    expect(
      (
        await plan([
          { [KEY]: 3, ProcessName: 'C' },
          { [KEY]: 3, ProcessName: 'C' },
        ])
      ).errors[0].Field,
    ).toBe(`/Processes/1/${KEY}`);
    expect((await plan([{ [KEY]: 2, ProcessName: 'Renamed' }])).errors).toEqual([
      { Field: '/Processes/0/ProcessName', Message: 'The name of this process cannot be changed.' },
    ]);
    expect((await plan([{ [KEY]: 1, ProcessName: 'A', Notes: 'x'.repeat(4001) }])).errors.map((e) => e.Field)).toEqual(['/Processes/0/Notes']);
  });

  it('CP-019 the write is set-based: one DELETE, one UPDATE of the changed rows and one INSERT, whatever the number of rows', async () => {
    const sql: string[] = [];
    const q = {
      query: async (text: string) => {
        sql.push(text);
        return text.startsWith('INSERT') ? [{ id: 11 }, { id: 10 }] : [];
      },
    } as unknown as Queryable;
    const p = await plan([
      { [KEY]: 1, IsDeleted: true, ProcessName: 'A' },
      { [KEY]: 3, ProcessName: 'C', SortOrder: 1 },
      { ProcessName: 'N1' },
      { ProcessName: 'N2' },
    ]);
    const written = await writeChildren(q, p, 42);
    expect(sql.map((s) => s.trim().split(/\s/)[0])).toEqual(['DELETE', 'UPDATE', 'INSERT']);
    expect(written).toMatchObject({ added: 2, changed: 1, removed: 1 });
    // New rows take the keys in the insert's order, and their header's key.
    expect(p.keep.filter((r) => String(r.ProcessName).startsWith('N')).map((r) => [r[KEY], r.CriticalPathDevPrototypeId])).toEqual([
      [10, 42],
      [11, 42],
    ]);
    expect(written.audit.filter((a) => a.entityId === 3).map((a) => [a.field, a.oldValue, a.newValue])).toEqual([['SortOrder', 30, 10]]);
  });

  it('CP-025 end not before start, per pair', () => {
    const rows = [
      { S: '2026-01-02', E: '2026-01-01' },
      { S: '2026-01-01', E: '2026-01-01' },
      { S: null, E: '2026-01-01' },
    ];
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
