import { describe, expect, it } from 'vitest';
import { PO_ID, keyedOrders, purchaseOrderChanges, withGridOrders } from './purchase-orders';

describe('dev prototype purchase orders (CP-034)', () => {
  it("CP-034 the grid's list back into rows: a stored order removed is kept marked, a new one goes, undo brings it back; a typed factory key is upper case and loses its old name", () => {
    const [stored, other] = keyedOrders([
      { [PO_ID]: 7, PONumber: 'PO-7', FactoryKey: 'F1', FactoryName: 'First Factory', Quantity: 10 },
      { [PO_ID]: 8, PONumber: 'PO-8', FactoryKey: 'F2', FactoryName: 'Second Factory' },
    ]);
    const [fresh] = keyedOrders([{ [PO_ID]: 0, PONumber: '' }]);
    const typed = withGridOrders([stored, other, fresh], [stored, { ...other, FactoryKey: 'f9' }, { ...fresh, PONumber: 'PO-NEW' }]);
    expect(typed.map((r) => [r.PONumber, r.FactoryKey, r.FactoryName, r.$removed])).toEqual([
      ['PO-7', 'F1', 'First Factory', false],
      ['PO-8', 'F9', null, false],
      ['PO-NEW', undefined, undefined, false],
    ]);
    // The stored first order and the new one removed in the grid.
    const removed = withGridOrders(typed, [typed[1]]);
    expect(removed.map((r) => [r.PONumber, r.$removed])).toEqual([
      ['PO-8', false],
      ['PO-7', true],
    ]);
    expect(purchaseOrderChanges(removed, true)).toEqual([
      { [PO_ID]: 8, PONumber: 'PO-8', Quantity: null, ExFactoryDate: null, FactoryKey: 'F9' },
      { [PO_ID]: 7, PONumber: 'PO-7', IsDeleted: true },
    ]);
    // Undo of the removal: shown again, no longer removed, its factory as it was.
    const back = withGridOrders(removed, [typed[0], removed[0]]);
    expect(back.map((r) => [r.PONumber, r.FactoryName, r.$removed])).toEqual([
      ['PO-7', 'First Factory', false],
      ['PO-8', null, false],
    ]);
    // A new row left blank is no order; one with a value but no PO number is sent (the server says it is required).
    const [empty, half] = keyedOrders([
      { [PO_ID]: 0, PONumber: '' },
      { [PO_ID]: 0, PONumber: ' ', Quantity: 40 },
    ]);
    expect(purchaseOrderChanges([empty, half], false)).toEqual([{ [PO_ID]: 0, PONumber: '', Quantity: 40, ExFactoryDate: null }]);
    // A factory user's save sends no factory.
    expect(purchaseOrderChanges(back, false)[0]).toEqual({ [PO_ID]: 7, PONumber: 'PO-7', Quantity: 10, ExFactoryDate: null });
  });
});
