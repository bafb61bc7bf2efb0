import { describe, expect, it } from 'vitest';
import { changesOf } from './feed-events';

describe('issue 30: a records event as changes', () => {
  const by = { ChangedBy: 'Priya Raman', ChangedById: 3, ChangedOn: '2026-11-28T10:00:00Z' };

  it('an event with values gives its records as they are', () => {
    const records = [{ Id: 7, Fields: { FFC: 12, RowVersion: 5 }, Changed: ['FFC'], ...by }];
    expect(changesOf({ Entity: 'colorway', Records: records })).toBe(records);
  });

  it("a partial (bulk) event gives one change per key of each group: its RowVersion, IsDeleted when deleted, the group's fields and author", () => {
    const changes = changesOf({
      Entity: 'colorway',
      Partial: true,
      Groups: [
        { Changed: ['FFC', 'ActPurPrice'], ...by, Keys: [7, 8], RowVersions: [5, 9], Deleted: [8] },
        { Changed: ['EstFFC'], ...by, Keys: [10], RowVersions: [2], Deleted: [] },
      ],
    });
    expect(changes).toEqual([
      { Id: 7, Fields: { RowVersion: 5 }, Changed: ['FFC', 'ActPurPrice'], ...by },
      { Id: 8, Fields: { RowVersion: 9, IsDeleted: true }, Changed: ['FFC', 'ActPurPrice'], ...by },
      { Id: 10, Fields: { RowVersion: 2 }, Changed: ['EstFFC'], ...by },
    ]);
  });
});
