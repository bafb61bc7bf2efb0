import { describe, expect, it } from 'vitest';
import { isChanged, missingRequired, newRow, renumber, rowOf, saveList, type TemplateItem } from './template-rows';

const item = (id: number, Sort: number, over: Partial<TemplateItem> = {}): TemplateItem => ({
  CorporateTemplateItemId: id,
  Name: `Item ${id}`,
  Stage: 'Design',
  Sort,
  GroupId: 2,
  StartDate: null,
  EndDate: null,
  ...over,
});
const rows = () => [item(1, 10), item(2, 20), item(3, 30), item(4, 40)].map(rowOf);

describe('corporate template rows', () => {
  it('TPL-004 the list is renumbered by 10 in its order', () => {
    const rs = rows();
    expect(renumber([rs[2], rs[0], rs[3], rs[1]]).map((r) => [r.CorporateTemplateItemId, r.Sort])).toEqual([
      [3, 10],
      [1, 20],
      [4, 30],
      [2, 40],
    ]);
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
    expect(isChanged([rs[1], rs[0]], saved)).toBe(true);
  });
});
