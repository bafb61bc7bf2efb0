/**
 * The purchase orders of a dev prototype critical path as the screen keeps them (DECISIONS CP-034,
 * PurchaseOrders.tsx): a local key each, removed stored orders marked until the save, what the save
 * sends.
 */
export const PO_ID = 'CriticalPathDevPrototypePurchaseOrderId';
export type PurchaseOrderRow = Record<string, unknown> & { k: number; $removed?: boolean };

let nextKey = 1;
/** Rows as the screen keeps them: a local key each. */
export const keyedOrders = (rows: readonly Record<string, unknown>[]): PurchaseOrderRow[] => rows.map((r) => ({ ...r, k: nextKey++ }));

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
/** A new row nobody typed into (Add row, then nothing): not an order. */
const untouched = (r: PurchaseOrderRow) => ['PONumber', 'FactoryKey', 'Quantity', 'ExFactoryDate'].every((f) => blank(r[f]));

/**
 * What an update sends: every kept row, the stored ones removed IsDeleted. Only new rows left blank
 * are left out; one with a quantity, date or factory but no PO number is sent, so the server's
 * 'Required.' marks it instead of its values vanishing.
 */
export function purchaseOrderChanges(rows: readonly PurchaseOrderRow[], showsFactory: boolean): Record<string, unknown>[] {
  return sentOrders(rows).map((r) => {
    const id = Number(r[PO_ID] ?? 0);
    if (r.$removed) return { [PO_ID]: id, PONumber: String(r.PONumber || '-'), IsDeleted: true };
    const quantity = r.Quantity === '' || r.Quantity === null || r.Quantity === undefined ? null : Number(r.Quantity);
    return {
      [PO_ID]: id,
      PONumber: String(r.PONumber ?? '').trim(),
      Quantity: quantity,
      ExFactoryDate: (r.ExFactoryDate as string | null) || null,
      ...(showsFactory ? { FactoryKey: (r.FactoryKey as string | null) || null } : {}),
    };
  });
}

/** The rows an update sends, in its order: the server's `/PurchaseOrders/<i>/…` refusals point into this list. */
export const sentOrders = (rows: readonly PurchaseOrderRow[]) => rows.filter((r) => (Number(r[PO_ID] ?? 0) > 0 ? true : !r.$removed && !untouched(r)));

/**
 * The grid's list after a change, back into the screen's rows: a stored order removed stays, marked
 * `$removed` (saved IsDeleted), a new one goes; one shown again (undo) is back; a factory key typed is
 * upper case and its old name goes (the save or Find a factory names it).
 */
export function withGridOrders(rows: readonly PurchaseOrderRow[], shown: readonly PurchaseOrderRow[]): PurchaseOrderRow[] {
  const before = new Map(rows.map((r) => [r.k, r]));
  const kept = new Set(shown.map((r) => r.k));
  const out = shown.map((r) => {
    const was = before.get(r.k);
    const typedKey = r.FactoryKey !== was?.FactoryKey;
    const key = typeof r.FactoryKey === 'string' ? r.FactoryKey.toUpperCase() : r.FactoryKey;
    return { ...r, $removed: false, ...(typedKey ? { FactoryKey: key, FactoryName: null } : {}) };
  });
  const removed = rows.filter((r) => !kept.has(r.k) && Number(r[PO_ID] ?? 0) > 0).map((r) => ({ ...r, $removed: true }));
  return [...out, ...removed];
}
