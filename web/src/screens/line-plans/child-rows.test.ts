import { describe, expect, it } from 'vitest';
import { afterSave, saveItems, withFreshRows, withoutRow, type Draft } from './child-rows';

const draft = (k: number, row: Record<string, unknown>, dirty = false, deleted = false): Draft => ({ k, row, dirty, deleted });

describe('child rows of a line plan', () => {
  it('LP-023 sends deleted rows with IsDelete, changed rows with their key, new rows with the defaults; untouched rows not at all', () => {
    const drafts = [
      draft(1, { CalendarItemId: 11, Name: 'Kept', Stage: 'S' }),
      draft(2, { CalendarItemId: 12, Name: 'Changed', Stage: '' }, true),
      draft(3, { CalendarItemId: 13, Name: 'Gone', Stage: 'S' }, false, true),
      draft(4, { Name: 'New' }, true),
    ];
    expect(saveItems(drafts, 'CalendarItemId', ['Name', 'Stage'], { SubSeasonId: 5 })).toEqual([
      { CalendarItemId: 12, Name: 'Changed', Stage: null },
      { CalendarItemId: 13, IsDelete: true },
      { SubSeasonId: 5, Name: 'New', Stage: null },
    ]);
  });

  it('LP-023 removing a saved row marks it deleted; removing a new row drops it', () => {
    const drafts = [draft(1, { LinePlanLaunchDateId: 7 }), draft(2, { LaunchNumber: 2 }, true)];
    expect(withoutRow(drafts, 1, 'LinePlanLaunchDateId')[0].deleted).toBe(true);
    expect(withoutRow(drafts, 2, 'LinePlanLaunchDateId').map((d) => d.k)).toEqual([1]);
  });

  it('LP-023 rows read again keep what the user changed, deleted or added; untouched rows take the fresh values', () => {
    const key = 'CalendarItemId';
    const drafts = [
      draft(1, { CalendarItemId: 10, Name: 'Kick-off', Sort: 10 }),
      draft(2, { CalendarItemId: 11, Name: 'Line Review (mine)', Sort: 20 }, true),
      draft(3, { CalendarItemId: 12, Name: 'Design Lock', Sort: 30 }, false, true),
      draft(4, { CalendarItemId: 13, Name: 'Changed, then deleted by someone else' }, true),
      draft(5, { CalendarItemId: 14, Name: 'Deleted by both' }, false, true),
      draft(6, { Name: 'New row' }, true),
    ];
    const fresh = [
      { CalendarItemId: 10, Name: 'Kick-off (theirs)', Sort: 10 },
      { CalendarItemId: 11, Name: 'Line Review (theirs)', Sort: 20 },
      { CalendarItemId: 12, Name: 'Design Lock', Sort: 30 },
      { CalendarItemId: 15, Name: 'Added by someone else', Sort: 40 },
    ];
    let k = 100;
    const merged = withFreshRows(drafts, fresh, key, () => k++);
    expect(merged.map((d) => [d.k, d.row.Name, d.dirty, d.deleted])).toEqual([
      [1, 'Kick-off (theirs)', false, false],
      [2, 'Line Review (mine)', true, false],
      [3, 'Design Lock', false, true],
      [100, 'Added by someone else', false, false],
      [4, 'Changed, then deleted by someone else', true, false],
      [6, 'New row', true, false],
    ]);
    // Nothing touched: the fresh rows as they are.
    expect(withFreshRows([], fresh, key, () => k++).map((d) => d.row)).toEqual(fresh);
  });

  it('LP-023 after a save the sent rows are done and an edit typed while it saved stays', () => {
    const key = 'LinePlanLaunchDateId';
    const changed = draft(1, { LinePlanLaunchDateId: 7, Description: 'Jan' }, true);
    const deleted = draft(2, { LinePlanLaunchDateId: 8 }, false, true);
    const added = draft(3, { Description: 'New' }, true);
    const untouched = draft(4, { LinePlanLaunchDateId: 9, Description: 'Mar' });
    const sent = new Set([changed, deleted, added, untouched]);
    // While the save ran: the untouched row was edited, a row was added.
    const typed = { ...untouched, dirty: true, row: { ...untouched.row, Description: 'March (typed meanwhile)' } };
    const addedMeanwhile = draft(5, { Description: 'Added meanwhile' }, true);
    const fresh = [
      { LinePlanLaunchDateId: 7, Description: 'Jan', LaunchNumber: 1 },
      { LinePlanLaunchDateId: 9, Description: 'Mar' },
      { LinePlanLaunchDateId: 10, Description: 'New' },
    ];
    let k = 100;
    const out = afterSave([changed, deleted, added, typed, addedMeanwhile], sent, fresh, key, () => k++);
    expect(out.map((d) => [d.k, d.row.Description, d.dirty, d.deleted])).toEqual([
      [1, 'Jan', false, false],
      [4, 'March (typed meanwhile)', true, false],
      [100, 'New', false, false],
      [5, 'Added meanwhile', true, false],
    ]);
    expect(out[0].row.LaunchNumber).toBe(1);
  });
});
