import { describe, expect, it } from 'vitest';
import { rebaseEdits } from './rebase';

const base = { A: 1, B: 'x', C: null, RowVersion: 3 };

describe('unsaved edits across a new record', () => {
  it('keeps an edit of a field the new record did not change (e.g. only the version moved)', () => {
    const r = rebaseEdits(base, { ...base, A: 2 }, { ...base, RowVersion: 4 }, ['A', 'B', 'C']);
    expect(r).toEqual({ data: { A: 2, B: 'x', C: null, RowVersion: 4 }, kept: ['A'] });
  });
  it("drops an edit of a field the new record changed: the saved value shows (a saved answer, or another user's change)", () => {
    const saved = rebaseEdits(base, { ...base, B: 'y ' }, { ...base, B: 'y', RowVersion: 4 }, ['A', 'B', 'C']);
    expect(saved).toEqual({ data: { ...base, B: 'y', RowVersion: 4 }, kept: [] });
    const theirs = rebaseEdits(base, { ...base, A: 2, B: 'mine' }, { ...base, B: 'theirs', RowVersion: 4 }, ['A', 'B', 'C']);
    expect(theirs.data).toMatchObject({ A: 2, B: 'theirs' });
    expect(theirs.kept).toEqual(['A']);
  });
  it('without edits the new record is taken as it is; blank values compare equal', () => {
    const next = { ...base, RowVersion: 4 };
    expect(rebaseEdits(base, { ...base, C: undefined }, next, ['A', 'B', 'C'])).toEqual({ data: next, kept: [] });
  });
});
