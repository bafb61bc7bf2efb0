import { describe, expect, it } from 'vitest';
import { isReadOnlyStatus, isReleased, lockedByStatus, readOnlyInStatus, RELEASED_STATUSES, RELEASED_STATUSES_SQL } from './statuses';

describe('released statuses (DECISIONS "Buy-ready rule", LOOKUP-033)', () => {
  it('BR-005 released means 2 Released or 3 Completed; Created, Canceled, Archive, Locked and Dropped are not', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isReleased)).toEqual([2, 3]);
    expect(RELEASED_STATUSES).toEqual([2, 3]);
    expect(RELEASED_STATUSES_SQL).toBe('2, 3');
  });

  it('an absent or non-numeric status is not released', () => {
    for (const v of [null, undefined, '2', 2.5, Number.NaN]) expect(isReleased(v)).toBe(false);
  });

  it('the set cannot be changed by a caller', () => {
    expect(() => (RELEASED_STATUSES as number[]).push(4)).toThrow(TypeError);
  });
});

describe('read-only statuses (LP-011, PAT-012, issue 27: cells drawn from the rules)', () => {
  it('statuses 3..7 leave a record read-only; Created and Released do not', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isReadOnlyStatus)).toEqual([3, 4, 5, 6, 7]);
    for (const v of [null, undefined, '3']) expect(isReadOnlyStatus(v)).toBe(false);
  });

  it('in a read-only status every field is locked but the status itself and the row version', () => {
    const completed = { StatusId: 3 };
    expect(['FFC', 'CostingCompl', 'USVolume'].filter((f) => lockedByStatus(completed, f))).toEqual(['FFC', 'CostingCompl', 'USVolume']);
    expect(lockedByStatus(completed, 'StatusId')).toBe(false);
    expect(lockedByStatus(completed, 'RowVersion')).toBe(false);
    expect(lockedByStatus({ StatusId: 2 }, 'FFC')).toBe(false);
    expect(lockedByStatus({}, 'FFC')).toBe(false);
  });

  it('says why with the status name when the row has it', () => {
    expect(readOnlyInStatus('Completed')).toBe('Read only in status Completed.');
    expect(readOnlyInStatus(undefined)).toBe('Read only in this status.');
  });
});
