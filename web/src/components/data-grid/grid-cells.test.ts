import { describe, expect, it } from 'vitest';
import type { CellErrors, Unsaved } from './change-batch';
import type { GridColumn } from './columns';
import { cellLookups, lockOf, skippedText } from './grid-cells';

const col = (field: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  field,
  title: field,
  width: 90,
  kind: 'money',
  readOnly: false,
  nullable: true,
  ...extra,
});
const COLUMNS = [col('EstFFC'), col('FFC'), col('ServFee', { readOnly: true, lockReason: 'Computed from other values.' })];

describe('grid cells (issue 27)', () => {
  it("a paste's skipped cells in one sentence, the most first, reasons as a sentence's tail", () => {
    expect(skippedText(new Map([['Read only in status Completed.', 12]]))).toBe('12 cells skipped: read only in status Completed.');
    expect(
      skippedText(
        new Map([
          ["Costing Complete can't be checked because a factory has not yet been assigned!", 1],
          ['Not edited in this grid.', 3],
        ]),
      ),
    ).toBe("3 cells skipped: not edited in this grid; 1 cell skipped: Costing Complete can't be checked because a factory has not yet been assigned.");
    expect(skippedText(new Map())).toBeUndefined();
  });

  it("a cell is locked by its column, else by its row's state", () => {
    expect(lockOf({ StatusId: 2 }, COLUMNS[2])).toEqual({ message: 'Computed from other values.', refuse: true });
    expect(lockOf({ StatusId: 4, StatusName: 'Canceled' }, COLUMNS[1])).toEqual({ message: 'Read only in status Canceled.', refuse: true });
    expect(lockOf({ StatusId: 2 }, COLUMNS[1])).toBeUndefined();
  });

  it('a row message reddens only the cells the user entered; held cells are marked unsaved, row-locked ones say why', () => {
    const rows = [
      { Id: 1, StatusId: 2, EstFFC: 5, FFC: 6 },
      { Id: 2, StatusId: 3, StatusName: 'Completed', EstFFC: 1, FFC: 2 },
    ];
    const errors: CellErrors = new Map([[1, new Map([['', 'Refused.']])]]);
    const unsaved: Unsaved = new Map([[1, new Map<string, unknown>([['FFC', 9]])]]);
    const { errorAt, decorateAt } = cellLookups({
      recordAt: (r) => rows[r],
      columns: () => COLUMNS,
      keyField: () => 'Id',
      errors: () => errors,
      unsaved: () => unsaved,
      editable: () => true,
    });
    expect([errorAt(0, 'EstFFC'), errorAt(0, 'FFC')]).toEqual([undefined, 'Refused.']);
    expect(decorateAt(0, 'FFC')).toMatchObject({ className: 'cell--unsaved', title: expect.stringMatching(/^Not saved/) });
    expect(decorateAt(0, 'EstFFC')).toBeUndefined();
    expect(decorateAt(1, 'FFC')).toEqual({ className: 'cell--locked', title: '2.00\nRead only in status Completed.' });
    // A read-only column keeps its text as title (the renderer's); its reason shows when selected.
    expect(decorateAt(1, 'ServFee')).toBeUndefined();
  });
});
