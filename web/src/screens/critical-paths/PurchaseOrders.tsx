/**
 * The purchase orders of a dev prototype critical path, entered by hand (DECISIONS CP-034): PO
 * number, factory (search-help Factories), quantity and ex-factory date; add and remove rows. The
 * column titles are the purchase order grid document's (schemas/grids/critical-path-dev-prototype-
 * purchase-orders); a user whose schema lacks the factory (a factory user, schemas/visibility)
 * neither sees nor sets it. Changes are the screen's until it saves: `purchaseOrderChanges` gives
 * what the save sends.
 */
import { useState } from 'react';
import { LookupDialog } from '../../components/lookup/LookupDialog';

export const PO_ID = 'CriticalPathDevPrototypePurchaseOrderId';
export type PurchaseOrderRow = Record<string, unknown> & { k: number; $removed?: boolean };

let nextKey = 1;
/** Rows as the screen keeps them: a local key each. */
export const keyedOrders = (rows: readonly Record<string, unknown>[]): PurchaseOrderRow[] => rows.map((r) => ({ ...r, k: nextKey++ }));

/** What an update sends: every kept row, the stored ones removed IsDeleted (new rows without a PO number are left out). */
export function purchaseOrderChanges(rows: readonly PurchaseOrderRow[], showsFactory: boolean): Record<string, unknown>[] {
  return rows.flatMap((r): Record<string, unknown>[] => {
    const id = Number(r[PO_ID] ?? 0);
    if (r.$removed) return id ? [{ [PO_ID]: id, PONumber: String(r.PONumber || '-'), IsDeleted: true }] : [];
    if (!String(r.PONumber ?? '').trim() && !id) return [];
    const quantity = r.Quantity === '' || r.Quantity === null || r.Quantity === undefined ? null : Number(r.Quantity);
    return [
      {
        [PO_ID]: id,
        PONumber: String(r.PONumber ?? '').trim(),
        Quantity: quantity,
        ExFactoryDate: (r.ExFactoryDate as string | null) || null,
        ...(showsFactory ? { FactoryKey: (r.FactoryKey as string | null) || null } : {}),
      },
    ];
  });
}

interface Props {
  rows: readonly PurchaseOrderRow[];
  editable: boolean;
  /** The grid document's column titles by field, for this user: without FactoryKey the factory is not shown. */
  titles: Readonly<Record<string, string>>;
  onChange: (rows: PurchaseOrderRow[]) => void;
}

export function PurchaseOrders({ rows, editable, titles, onChange }: Props) {
  const showsFactory = 'FactoryKey' in titles;
  const [lookupFor, setLookupFor] = useState<number | null>(null);
  const shown = rows.filter((r) => !r.$removed);
  const set = (k: number, patch: Record<string, unknown>) => onChange(rows.map((r) => (r.k === k ? { ...r, ...patch } : r)));
  if (!editable && !shown.length) return <p className="muted">No purchase orders.</p>;
  return (
    <>
      <table className="table cp-orders" data-testid="cp-orders">
        <thead>
          <tr>
            <th scope="col">{titles.PONumber}</th>
            {showsFactory && <th scope="col">{titles.FactoryKey}</th>}
            <th scope="col">{titles.Quantity}</th>
            <th scope="col">{titles.ExFactoryDate}</th>
            {editable && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={r.k}>
              {editable ? (
                <>
                  <td>
                    <input
                      className="input"
                      aria-label={`PO number, row ${i + 1}`}
                      maxLength={50}
                      value={String(r.PONumber ?? '')}
                      onChange={(e) => set(r.k, { PONumber: e.target.value })}
                    />
                  </td>
                  {showsFactory && (
                    <td>
                      <span className="cp-orders__factory">
                        <input
                          className="input"
                          aria-label={`Factory key, row ${i + 1}`}
                          maxLength={20}
                          value={String(r.FactoryKey ?? '')}
                          onChange={(e) => set(r.k, { FactoryKey: e.target.value.toUpperCase(), FactoryName: null })}
                        />
                        <button type="button" className="btn btn--small" aria-label={`Find a factory, row ${i + 1}`} onClick={() => setLookupFor(r.k)}>
                          …
                        </button>
                        <span className="muted">{String(r.FactoryName ?? '')}</span>
                      </span>
                    </td>
                  )}
                  <td>
                    <input
                      className="input"
                      type="number"
                      min={0}
                      max={99999999}
                      step={1}
                      aria-label={`Quantity, row ${i + 1}`}
                      value={String(r.Quantity ?? '')}
                      onChange={(e) => set(r.k, { Quantity: e.target.value === '' ? null : e.target.value.replace(/\D/g, '') })}
                    />
                  </td>
                  <td>
                    <input
                      className="input"
                      type="date"
                      aria-label={`Ex-factory date, row ${i + 1}`}
                      value={String(r.ExFactoryDate ?? '').slice(0, 10)}
                      onChange={(e) => set(r.k, { ExFactoryDate: e.target.value || null })}
                    />
                  </td>
                  <td>
                    <button type="button" className="btn btn--small" onClick={() => set(r.k, { $removed: true })}>
                      Remove
                    </button>
                  </td>
                </>
              ) : (
                <>
                  <td>{String(r.PONumber ?? '')}</td>
                  {showsFactory && <td>{String(r.FactoryName ?? r.FactoryKey ?? '')}</td>}
                  <td>{String(r.Quantity ?? '')}</td>
                  <td>{String(r.ExFactoryDate ?? '').slice(0, 10)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {editable && (
        <button type="button" className="btn btn--small" onClick={() => onChange([...rows, ...keyedOrders([{ [PO_ID]: 0, PONumber: '' }])])}>
          Add purchase order
        </button>
      )}
      {lookupFor !== null && (
        <LookupDialog
          lookup="Factories"
          onClose={() => setLookupFor(null)}
          onPick={(f) => {
            set(lookupFor, { FactoryKey: f.FactoryKey, FactoryName: f.FactoryName });
            setLookupFor(null);
          }}
        />
      )}
    </>
  );
}
