import { describe, expect, it } from 'vitest';
import type { GridColumn, GridDocument } from './columns';
import type { EntitySchema } from '../fields/field-kind';
import {
  applyChange,
  cellValue,
  emptyHistory,
  fieldPathErrors,
  fillDown,
  inverse,
  moveChange,
  moveRows,
  ownedColumns,
  pasteRows,
  remember,
  step,
  writeCells,
  type CellAccess,
} from './owned-rows';

interface Row {
  k: number;
  Name: string;
  Sort: number | null;
  GroupId: number | null;
  StartDate: string | null;
}
const keyOf = (r: Row) => r.k;
const rows = (): Row[] => [1, 2, 3].map((k) => ({ k, Name: `Item ${k}`, Sort: k * 10, GroupId: 1, StartDate: null }));
const col = (field: string, kind: GridColumn['kind'], over: Partial<GridColumn> = {}): GridColumn => ({
  field,
  title: field,
  width: 80,
  kind,
  readOnly: false,
  nullable: false,
  ...over,
});
const COLUMNS = [
  col('Name', 'text', { maxLength: 10 }),
  col('Sort', 'integer', { minimum: 0 }),
  col('GroupId', 'text', { listed: true }),
  col('StartDate', 'date', { nullable: true }),
];
const GROUPS = [
  { value: 1, label: 'Concept' },
  { value: 2, label: 'Design' },
];
let next = 100;
const access = (over: Partial<CellAccess<Row>> = {}): CellAccess<Row> => ({
  columns: COLUMNS,
  keyOf,
  editable: (r, c) => !c.readOnly && r.k !== 3,
  value: (_, c, text) => cellValue(c, text, c.listed ? GROUPS : undefined),
  ...over,
});

describe('owned grid columns', () => {
  it('come from the grid document and entity; pick-list fields show names; the screen may set a title', () => {
    const grid: GridDocument = {
      id: 'g',
      entity: 'e',
      title: 'G',
      owned: true,
      frozen: 1,
      columns: [
        { field: 'Name', width: 200 },
        { field: 'GroupId', width: 120 },
        { field: 'Margin', width: 90 },
        { field: 'Gone', width: 50 },
      ],
    };
    const schema: EntitySchema = {
      properties: {
        Name: { title: 'Name', type: 'string', maxLength: 100 },
        GroupId: { title: 'Group', type: 'integer' },
        Margin: { title: 'Margin', type: ['integer', 'null'], 'x-computed': true },
      },
    };
    const cols = ownedColumns(grid, schema, ['GroupId'], { Margin: 'Margin at FOB 22.50' });
    expect(cols.map((c) => [c.field, c.title, c.kind, c.readOnly, !!c.listed, !!c.key])).toEqual([
      ['Name', 'Name', 'text', false, false, true],
      ['GroupId', 'Group', 'text', false, true, false],
      ['Margin', 'Margin at FOB 22.50', 'integer', true, false, false],
    ]);
  });

  it('a cell takes text by its kind, a pick list by its choices, and blank while editing', () => {
    expect(cellValue(COLUMNS[1], '1,250')).toEqual({ ok: true, value: 1250 });
    expect(cellValue(COLUMNS[1], '')).toEqual({ ok: true, value: null });
    expect(cellValue(COLUMNS[1], 'x5')).toEqual({ ok: false, message: 'Enter a number.' });
    expect(cellValue(COLUMNS[0], '')).toEqual({ ok: true, value: '' });
    expect(cellValue(COLUMNS[0], 'x'.repeat(11))).toEqual({ ok: false, message: 'At most 10 characters.' });
    expect(cellValue(COLUMNS[3], '3/15/2027')).toEqual({ ok: true, value: '2027-03-15' });
    expect(cellValue(COLUMNS[2], ' design ', GROUPS)).toEqual({ ok: true, value: 2 });
    expect(cellValue(COLUMNS[2], 'Sourcing', GROUPS)).toEqual({ ok: false, message: 'Select a value from the list.' });
  });

  it('CARRY-011 a volume cell takes up to 8 digits and nothing else', () => {
    const volume = col('USVolume', 'integer', { minimum: 0, maximum: 99999999, nullable: true });
    expect(cellValue(volume, '12345678')).toEqual({ ok: true, value: 12345678 });
    expect(cellValue(volume, '')).toEqual({ ok: true, value: null });
    for (const text of ['123456789', '12a', '-5', '1.5']) expect(cellValue(volume, text).ok, text).toBe(false);
  });
});

describe('owned rows: add, remove, reorder', () => {
  it('a move is one change by key; undone it restores the order, also after the screen renumbered the rows', () => {
    const rs = rows();
    expect(moveRows(rs, [2], 0).map(keyOf)).toEqual([3, 1, 2]);
    expect(moveRows(rs, [0, 1], 2).map(keyOf)).toEqual([3, 1, 2]);
    expect(moveRows(rs, [0], 9).map(keyOf)).toEqual([2, 3, 1]);
    expect(moveChange(rs, keyOf, [1], 1)).toBeNull();
    const change = moveChange(rs, keyOf, [2], 0)!;
    const moved = applyChange(rs, keyOf, change).map((r, i) => ({ ...r, Sort: (i + 1) * 10 }));
    expect(applyChange(moved, keyOf, inverse(change)).map((r) => [r.k, r.Sort])).toEqual([
      [1, 20],
      [2, 30],
      [3, 10],
    ]);
  });

  it("insert and remove are each other's undo, rows going back to their places", () => {
    const rs = rows();
    const removed = {
      kind: 'remove' as const,
      rows: [
        { index: 0, row: rs[0] },
        { index: 2, row: rs[2] },
      ],
    };
    const left = applyChange(rs, keyOf, removed);
    expect(left.map(keyOf)).toEqual([2]);
    expect(applyChange(left, keyOf, inverse(removed)).map(keyOf)).toEqual([1, 2, 3]);
    const added = { kind: 'insert' as const, rows: [{ index: 3, row: { ...rs[0], k: 4 } }] };
    expect(applyChange(rs, keyOf, added).map(keyOf)).toEqual([1, 2, 3, 4]);
  });

  it('undo and redo walk the history on the current rows; a new change drops the redo list', () => {
    const rs = rows();
    const edit = writeCells(rs, keyOf, [{ index: 0, field: 'Name', value: 'Kick-off' }]);
    let h = remember(emptyHistory<Row>(), edit.change!);
    const undone = step(h, edit.rows, keyOf, 'undo')!;
    expect(undone.rows[0].Name).toBe('Item 1');
    expect(undone.change).toEqual({ kind: 'edit', cells: [{ key: 1, field: 'Name', before: 'Kick-off', after: 'Item 1' }] });
    h = undone.history;
    expect(step(h, undone.rows, keyOf, 'redo')!.rows[0].Name).toBe('Kick-off');
    expect(step(h, undone.rows, keyOf, 'undo')).toBeNull();
    h = remember(h, moveChange(rs, keyOf, [0], 2)!);
    expect(h.undone).toEqual([]);
  });
});

describe('owned rows: paste and fill', () => {
  it('an Excel block lands as one edit: values by kind and choices, read-only rows skipped, refused text reported per cell', () => {
    const rs = rows();
    const w = pasteRows(
      rs,
      [
        ['Kick-off', '5', 'design'],
        ['Fit', 'x', 'Concept'],
        ['Late', '7', 'Design'],
      ],
      { row: 0, col: 0 },
      { row: 0, col: 0 },
      access(),
    );
    expect(w.rows.map((r) => [r.Name, r.Sort, r.GroupId])).toEqual([
      ['Kick-off', 5, 2],
      ['Fit', 20, 1],
      ['Item 3', 30, 1],
    ]);
    expect(w.change?.kind).toBe('edit');
    expect([...w.refused]).toEqual([[2, new Map([['Sort', 'Enter a number.']])]]);
    // issue 27: the locked row's cells are skipped and counted by reason.
    expect([...(w.skipped ?? [])]).toEqual([['Read only in this row.', 3]]);
    // Cells read, changed or not (their old refusal goes), never the refused one.
    expect(w.read.map((c) => `${c.key}.${c.field}`)).toEqual(['1.Name', '1.Sort', '1.GroupId', '2.Name', '2.GroupId']);
    expect(inverse(w.change!).kind).toBe('edit');
    expect(applyChange(w.rows, keyOf, inverse(w.change!))).toEqual(rs);
  });

  it('one value over a selection fills it; rows pasted past the last are added when the screen makes rows, in the same change', () => {
    const rs = rows();
    expect(pasteRows(rs, [['9']], { row: 0, col: 1 }, { row: 1, col: 1 }, access()).rows.map((r) => r.Sort)).toEqual([9, 9, 30]);
    const newRow = (list: readonly Row[]): Row => ({ k: next++, Name: '', Sort: list.length * 10 + 10, GroupId: null, StartDate: null });
    const w = pasteRows(rs, [['A'], ['B'], ['C']], { row: 1, col: 0 }, { row: 1, col: 0 }, access({ newRow, editable: (_, c) => !c.readOnly }));
    expect(w.rows.map((r) => r.Name)).toEqual(['Item 1', 'A', 'B', 'C']);
    expect(w.change?.kind).toBe('many');
    expect(applyChange(w.rows, keyOf, inverse(w.change!))).toEqual(rs);
    expect(pasteRows(rs, [['A'], ['B'], ['C']], { row: 2, col: 0 }, { row: 2, col: 0 }, access({ editable: () => true })).rows.length).toBe(3);
  });

  it('Ctrl+D copies the top row of the selection into the rows below; rules derive their fields in the same edit', () => {
    const rs = [...rows(), { k: 4, Name: 'Item 4', Sort: 40, GroupId: 2, StartDate: '2027-01-04' }];
    const derive = (_: Row, ch: Record<string, unknown>) => ('Sort' in ch ? { StartDate: '2027-01-01' } : {});
    const w = fillDown(rs, { top: 0, bottom: 3, left: 1, right: 2 }, access({ derive }));
    expect(w.rows.map((r) => [r.k, r.Sort, r.GroupId, r.StartDate])).toEqual([
      [1, 10, 1, null],
      [2, 10, 1, '2027-01-01'],
      [3, 30, 1, null],
      [4, 10, 1, '2027-01-01'],
    ]);
    expect(w.change?.kind === 'edit' && w.change.cells.map((e) => `${e.key}.${e.field}`)).toEqual([
      '2.Sort',
      '2.StartDate',
      '4.Sort',
      '4.GroupId',
      '4.StartDate',
    ]);
  });

  it("a 400's field paths become errors of the rows that were sent", () => {
    const rs = rows();
    const errors = fieldPathErrors(rs, keyOf, [
      { Field: '/Items/2/GroupId', Message: 'Required.' },
      { Field: '/Items/9/Name', Message: 'x' },
      { Field: '/Name', Message: 'y' },
    ]);
    expect([...errors].map(([k, m]) => [k, [...m]])).toEqual([[3, [['GroupId', 'Required.']]]]);
  });
});
