import { describe, expect, it } from 'vitest';
import { afterSave, fromGrid, gridRows, isUnsaved, saveItems, withFreshRows, type Draft } from './child-rows';

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

  it("LP-023 the grid's list back into drafts: a changed or added row is dirty, a saved row removed is deleted, a new one goes, undo brings a row back", () => {
    const key = 'LinePlanLaunchDateId';
    const saved = draft(1, { LinePlanLaunchDateId: 7, LaunchDesc: 'Jan' });
    const other = draft(2, { LinePlanLaunchDateId: 8, LaunchDesc: 'Feb' });
    const fresh = draft(3, { LaunchDesc: 'New' }, true);
    const shown = gridRows([saved, other, fresh]);
    expect(shown).toEqual([
      { LinePlanLaunchDateId: 7, LaunchDesc: 'Jan', k: 1 },
      { LinePlanLaunchDateId: 8, LaunchDesc: 'Feb', k: 2 },
      { LaunchDesc: 'New', k: 3 },
    ]);
    // The second row edited, a row added; the first row's object unchanged.
    const edited = fromGrid([saved, other, fresh], [shown[0], { ...shown[1], LaunchDesc: 'February' }, shown[2], { k: 9, LaunchNumber: 2 }], key);
    expect(edited[0]).toBe(saved);
    expect(edited.map((d) => [d.k, d.row.LaunchDesc, d.dirty, d.deleted])).toEqual([
      [1, 'Jan', false, false],
      [2, 'February', true, false],
      [3, 'New', true, false],
      [9, undefined, true, false],
    ]);
    expect(edited[3].row).toEqual({ LaunchNumber: 2 });
    // The saved first row and the new row removed: the saved one goes out with IsDelete, the new one is gone.
    const removed = fromGrid(edited, gridRows(edited).slice(1, 2), key);
    expect(removed.map((d) => [d.k, d.deleted])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(gridRows(removed).map((r) => r.k)).toEqual([2]);
    expect(saveItems(removed, key, ['LaunchDesc'])).toEqual([
      { LinePlanLaunchDateId: 8, LaunchDesc: 'February' },
      { LinePlanLaunchDateId: 7, IsDelete: true },
    ]);
    // Undo of the removal: the saved row is shown again and no longer deleted (nor dirty: its values are as read).
    const back = fromGrid(removed, [{ ...saved.row, k: 1 }, ...gridRows(removed)], key);
    expect(back.map((d) => [d.k, d.dirty, d.deleted])).toEqual([
      [1, false, false],
      [2, true, false],
    ]);
  });

  it('LP-023 a cell is unsaved when the user typed it: any cell of a new row, a changed cell of a saved row', () => {
    const stored = { CalendarItemId: 4, Name: 'Kick-off', Stage: 'Concept' };
    const changed = draft(1, { ...stored, Name: 'Kick-off Workshop' }, true);
    expect(isUnsaved(changed, 'Name', stored)).toBe(true);
    expect(isUnsaved(changed, 'Stage', stored)).toBe(false);
    expect(isUnsaved(draft(1, stored), 'Name', stored)).toBe(false);
    expect(isUnsaved(draft(2, { Name: 'New' }, true), 'Stage', undefined)).toBe(true);
    expect(isUnsaved(undefined, 'Name', stored)).toBe(false);
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
