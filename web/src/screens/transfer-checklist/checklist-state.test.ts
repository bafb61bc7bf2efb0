import { describe, expect, it } from 'vitest';
import { applySync, draftCompletion, draftOf, progressOf, saveBody, setComplete, withEnabled, type Checklist, type ProductType } from './checklist-state';

const item = (id: number, over: Partial<Checklist['Items'][number]> = {}) => ({
  TransferChecklistItemId: 100 + id,
  TransferChecklistTemplateItemId: id,
  ItemName: `Item ${id}`,
  SortOrder: id * 10,
  IsPatternLevel: id === 2,
  IsComplete: false,
  IsEnabled: false,
  CompletedBy: null,
  CompletedByName: null,
  CompletedOn: null,
  ...over,
});
const checklist: Checklist = {
  TransferChecklistId: 1,
  PrototypeId: 1,
  PrototypeSeasonalId: 1,
  PrototypeName: 'Ridgeline',
  StockNumber: 'SR1',
  BrandId: 1,
  BrandName: 'B',
  PatternName: 'P',
  ToFactoryKey: '310101',
  ToFactoryName: 'Dong Nai',
  TransferProductTypeId: null,
  TransferProductTypeName: null,
  IsTariffMitigationTransfer: false,
  CompletionDate: null,
  RowVersion: 3,
  Items: [item(1), item(2), item(3)],
};
const types: ProductType[] = [{ TransferProductTypeId: 4, ProductTypeName: 'Sandal / slide', RequiredTemplateItems: [1, 3] }];
const me = { id: 2, name: 'Alex Morgan' };

describe('transfer checklist screen state (TC-005, TC-006, DECISIONS TC-011)', () => {
  it('TC-011 the product type enables its required items; tariff mitigation enables all', () => {
    const d = withEnabled({ ...draftOf(checklist), productTypeId: 4 }, types);
    expect(d.items.map((i) => i.IsEnabled)).toEqual([true, false, true]);
    expect(withEnabled({ ...d, mitigation: true }, types).items.every((i) => i.IsEnabled)).toBe(true);
  });

  it('TC-005 items completed one by one: the date comes with the last enabled one', () => {
    let d = withEnabled({ ...draftOf(checklist), productTypeId: 4 }, types);
    d = setComplete(d, 101, true, me, '2026-11-27');
    expect(d.items[0]).toMatchObject({ IsComplete: true, CompletedBy: 2, CompletedByName: 'Alex Morgan', CompletedOn: '2026-11-27' });
    expect(draftCompletion(d, null, '2026-11-27')).toBeNull();
    expect(progressOf(d)).toEqual({ done: 1, enabled: 2 });
    d = setComplete(d, 103, true, me, '2026-11-27');
    expect(draftCompletion(d, null, '2026-11-27')).toBe('2026-11-27');
    expect(setComplete(d, 103, false, me, '2026-11-27').items[2]).toMatchObject({ IsComplete: false, CompletedBy: null, CompletedByName: null });
  });

  it('TC-006 the sync takes over the previewed items with their stamps; the save body carries the flag only when shown (TC-008)', () => {
    const d = applySync(draftOf(checklist), [
      { TransferChecklistItemId: 102, ItemName: 'Item 2', FromStockNumber: 'SR2', CompletedBy: 5, CompletedByName: 'Sofia', CompletedOn: '2026-02-01' },
    ]);
    expect(d.items[1]).toMatchObject({ IsComplete: true, CompletedBy: 5, CompletedOn: '2026-02-01' });
    expect(saveBody(checklist, d)).toHaveProperty('IsTariffMitigationTransfer', false);
    const { IsTariffMitigationTransfer: _hidden, ...factoryView } = checklist;
    expect(saveBody(factoryView, d)).not.toHaveProperty('IsTariffMitigationTransfer');
    expect(saveBody(checklist, d).Items).toHaveLength(3);
  });
});
