import { describe, expect, it } from 'vitest';
import { changeOutcome, completeChanges, shownChanges } from './live-rows';

describe('issue 30: a change from the feed on a loaded grid row', () => {
  const row = { PrototypeSeasonalId: 7, RowVersion: 4, FFC: 10, SeasonId: 2, SeasonName: 'Fall 2026' };

  it('a version the row already has (its own save) is skipped; a newer one applies', () => {
    expect(changeOutcome(row, { Changed: ['FFC'], Fields: { FFC: 11, RowVersion: 4 } }, null)).toBe('skip');
    expect(changeOutcome(row, { Changed: ['FFC'], Fields: { FFC: 11, RowVersion: 3 } }, null)).toBe('skip');
    expect(changeOutcome(row, { Changed: ['FFC'], Fields: { FFC: 11, RowVersion: 5 } }, null)).toBe('apply');
  });

  it('a change of the cell being edited is a conflict; of another cell of the row it applies', () => {
    expect(changeOutcome(row, { Changed: ['FFC'], Fields: { FFC: 11, RowVersion: 5 } }, 'FFC')).toBe('conflict');
    expect(changeOutcome(row, { Changed: ['WsPrice'], Fields: { WsPrice: 60, RowVersion: 5 } }, 'FFC')).toBe('apply');
    // A reference column shows (and edits) the name field: a change of the id is a change of that cell.
    expect(changeOutcome(row, { Changed: ['SeasonId'], Fields: { SeasonId: 3, SeasonName: 'Spring 2027', RowVersion: 5 } }, 'SeasonName')).toBe('conflict');
  });

  it('the cells a change shows in: the changed fields and the names beside changed references', () => {
    expect(shownChanges({ Changed: ['SeasonId', 'FFC'], Fields: { SeasonId: 3, SeasonName: 'x', FFC: 1 } })).toEqual(['SeasonId', 'FFC', 'SeasonName']);
    expect(shownChanges({ Changed: ['GenderKey'], Fields: { GenderKey: 'M' } })).toEqual(['GenderKey']);
  });

  it('a partial (bulk) change is made whole from the row read again: its changed fields, their names, versions and stamps only', () => {
    const partial = {
      Id: 7,
      Fields: { RowVersion: 6, PrototypeRowVersion: 2 },
      Changed: ['FFC', 'ActPurPrice', 'SeasonId'],
      ChangedBy: 'Priya Raman',
      ChangedOn: '2026-11-28T10:00:00Z',
    };
    const read = {
      PrototypeSeasonalId: 7,
      RowVersion: 6,
      PrototypeRowVersion: 2,
      FFC: 12,
      ActPurPrice: 13.2,
      SeasonId: 3,
      SeasonName: 'Spring 2027',
      WsPrice: 60,
      ChangedOn: '2026-11-28T10:00:00Z',
      ChangedBy: 5,
    };
    expect(completeChanges([partial, { ...partial, Id: 8 }], [read], 'PrototypeSeasonalId')).toEqual([
      {
        ...partial,
        Fields: {
          RowVersion: 6,
          PrototypeRowVersion: 2,
          FFC: 12,
          ActPurPrice: 13.2,
          SeasonId: 3,
          SeasonName: 'Spring 2027',
          ChangedOn: '2026-11-28T10:00:00Z',
          ChangedBy: 5,
        },
      },
    ]);
  });
});
