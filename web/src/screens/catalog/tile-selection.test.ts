import { describe, expect, it } from 'vitest';
import { emptySelection, moveFocus, selectionTsv, selectRange, toggleTile } from './tile-selection';

const page = [1, 2, 3, 4, 5, 6].map((id) => ({ id, tile: { id } }));

describe('catalog tile selection (CAT-005)', () => {
  it('CAT-005: a click toggles one tile; Shift selects the range from the last clicked one, either direction', () => {
    let sel = toggleTile(emptySelection<{ id: number }>(), 2, { id: 2 });
    expect([...sel.chosen.keys()]).toEqual([2]);
    sel = selectRange(sel, page, 5, { id: 5 });
    expect([...sel.chosen.keys()].sort()).toEqual([2, 3, 4, 5]);
    sel = selectRange(toggleTile(sel, 6, { id: 6 }), page, 1, { id: 1 });
    expect([...sel.chosen.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    sel = toggleTile(sel, 3, { id: 3 });
    expect(sel.chosen.has(3)).toBe(false);
  });

  it('CAT-005: a range without an anchor on this page is a toggle; the selection keeps tiles of other pages', () => {
    const other = toggleTile(emptySelection<{ id: number }>(), 99, { id: 99 });
    const sel = selectRange(other, page, 4, { id: 4 });
    expect([...sel.chosen.keys()].sort((a, b) => a - b)).toEqual([4, 99]);
  });

  it('CAT-005: arrow keys move by one tile or one row, clamped to the page', () => {
    expect(moveFocus(0, 'ArrowRight', 4, 10)).toBe(1);
    expect(moveFocus(0, 'ArrowLeft', 4, 10)).toBe(0);
    expect(moveFocus(1, 'ArrowDown', 4, 10)).toBe(5);
    expect(moveFocus(8, 'ArrowDown', 4, 10)).toBe(9);
    expect(moveFocus(5, 'ArrowUp', 4, 10)).toBe(1);
    expect(moveFocus(5, 'End', 4, 10)).toBe(9);
    expect(moveFocus(5, 'Enter', 4, 10)).toBeNull();
  });

  it('CAT-005: the chosen patterns copy as tab-separated lines with a header', () => {
    expect(
      selectionTsv(
        [
          { a: 'X\ty', b: 2 },
          { a: null, b: 3 },
        ],
        [
          { field: 'a', label: 'A' },
          { field: 'b', label: 'B' },
        ],
      ),
    ).toBe('A\tB\nX y\t2\n\t3');
  });
});
