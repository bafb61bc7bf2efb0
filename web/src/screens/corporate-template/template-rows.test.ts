import { describe, expect, it } from 'vitest';
import { isChanged, missingRequired, moveRows, newRow, renumber, rowOf, saveList, serverCellErrors, sortKeyAllowed, sortValue, type TemplateItem } from './template-rows';

const item = (id: number, Sort: number, over: Partial<TemplateItem> = {}): TemplateItem =>
  ({ CorporateTemplateItemId: id, Name: `Item ${id}`, Stage: 'Design', Sort, GroupId: 2, StartDate: null, EndDate: null, ...over });
const rows = () => [item(1, 10), item(2, 20), item(3, 30), item(4, 40)].map(rowOf);
const ids = (rs: { CorporateTemplateItemId: number | null }[]) => rs.map((r) => r.CorporateTemplateItemId);

describe('corporate template rows', () => {
  it('TPL-004 a drag moves the rows to their final index and renumbers the list by 10', () => {
    const moved = moveRows(rows(), [3], 0);
    expect(ids(moved)).toEqual([4, 1, 2, 3]);
    expect(moved.map((r) => r.Sort)).toEqual([10, 20, 30, 40]);
    expect(ids(moveRows(rows(), [0, 1], 2))).toEqual([3, 4, 1, 2]);
    expect(ids(moveRows(rows(), [1], 9))).toEqual([1, 3, 4, 2]);
    expect(renumber(moveRows(rows(), [2], 1)).map((r) => [r.CorporateTemplateItemId, r.Sort])).toEqual([[1, 10], [3, 20], [2, 30], [4, 40]]);
  });

  it('TPL-005 the sort cell takes digits and navigation keys only', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => sortKeyAllowed({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    for (const k of ['0', '7', 'ArrowDown', 'ArrowLeft', 'Tab', 'Enter', 'Backspace', 'Delete', 'Home', 'End', 'Escape', 'F2']) expect(key(k), k).toBe(true);
    for (const k of ['a', '-', '.', ' ', 'e', '+']) expect(key(k), k).toBe(false);
    expect(key('c', { ctrlKey: true })).toBe(true);
    expect([sortValue('40'), sortValue(' 5 '), sortValue(''), sortValue(null), sortValue('4a'), sortValue('-1'), sortValue('1.5')]).toEqual([40, 5, null, null, undefined, undefined, undefined]);
  });

  it('DECISIONS TPL-009 TPL-006 Name, Stage, Sort and Group are required', () => {
    const rs = rows();
    const added = newRow(rs);
    expect(added.Sort).toBe(50);
    rs[1] = { ...rs[1], Name: '  ' };
    const missing = missingRequired([...rs, added]);
    expect([...missing.keys()]).toEqual([rs[1].k, added.k]);
    expect([...missing.get(added.k)!]).toEqual(['Name', 'Stage', 'GroupId']);
    expect([...missing.get(rs[1].k)!]).toEqual(['Name']);
  });

  it('TPL-007 the whole list is sent; a new row without an id; changes are noticed', () => {
    const saved = [item(1, 10), item(2, 20)];
    const rs = saved.map(rowOf);
    expect(isChanged(rs, saved)).toBe(false);
    const list = [...rs, { ...newRow(rs), Name: ' Fit Test ', Stage: 'Design', GroupId: 2 }];
    expect(isChanged(list, saved)).toBe(true);
    expect(saveList(list)).toEqual([
      { CorporateTemplateItemId: 1, Name: 'Item 1', Stage: 'Design', Sort: 10, GroupId: 2, StartDate: null, EndDate: null },
      { CorporateTemplateItemId: 2, Name: 'Item 2', Stage: 'Design', Sort: 20, GroupId: 2, StartDate: null, EndDate: null },
      { Name: 'Fit Test', Stage: 'Design', Sort: 30, GroupId: 2, StartDate: null, EndDate: null },
    ]);
    expect(isChanged(moveRows(rs, [1], 0), saved)).toBe(true);
    const errs = serverCellErrors(list, [{ Field: '/Items/2/GroupId', Message: 'Required.' }, { Field: '/Items/9/Name', Message: 'x' }]);
    expect([...errs.entries()].map(([k, m]) => [k, [...m.keys()]])).toEqual([[list[2].k, ['GroupId']]]);
  });
});
