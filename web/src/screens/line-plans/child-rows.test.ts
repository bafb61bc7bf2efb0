import { describe, expect, it } from 'vitest';
import { saveItems, withoutRow, type Draft } from './child-rows';

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
});
