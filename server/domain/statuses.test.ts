import { describe, expect, it } from 'vitest';
import { isReleased, RELEASED_STATUSES, RELEASED_STATUSES_SQL } from './statuses';

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
