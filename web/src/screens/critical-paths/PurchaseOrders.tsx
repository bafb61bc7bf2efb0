/**
 * The purchase orders of a dev prototype critical path, entered by hand (DECISIONS CP-034) on OwnedGrid
 * (ADR 029): the columns and titles of the grid document (schemas/grids/critical-path-dev-prototype-
 * purchase-orders) as this user's schema has them, so a user whose schema lacks the factory (a
 * factory user, schemas/visibility) neither sees nor sets it; typing, paste, fill, Add row, Remove row
 * and undo come with the grid. The factory is typed as its key or found with Find a factory (the
 * search-help Factories) for the selected row; its name shows once found or saved. Changes are the
 * screen's until it saves: `purchaseOrderChanges` gives what the save sends.
 */
import { useState } from 'react';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import type { RowErrors } from '../../components/data-grid/owned-rows';
import { LookupDialog } from '../../components/lookup/LookupDialog';
import { PO_ID, keyedOrders, withGridOrders, type PurchaseOrderRow } from './purchase-orders';
interface Props {
  rows: readonly PurchaseOrderRow[];
  editable: boolean;
  /** The grid document's column titles by field, for this user: without FactoryKey the factory is not shown. */
  titles: Readonly<Record<string, string>>;
  onChange: (rows: PurchaseOrderRow[]) => void;
  /** The cells a refused save names (row key → field → message), red with the message. */
  errors?: RowErrors;
}

export function PurchaseOrders({ rows, editable, titles, onChange, errors }: Props) {
  const showsFactory = 'FactoryKey' in titles;
  const [selected, setSelected] = useState<number | null>(null);
  const [lookupFor, setLookupFor] = useState<number | null>(null);
  const shown = rows.filter((r) => !r.$removed);
  if (!editable && !shown.length) return <p className="muted">No purchase orders.</p>;
  const find = editable && showsFactory && (
    <button type="button" className="btn btn--small" disabled={selected === null} onClick={() => setLookupFor(selected)}>
      Find a factory
    </button>
  );
  return (
    <>
      <OwnedGrid<PurchaseOrderRow>
        gridId="critical-path-dev-prototype-purchase-orders"
        rows={shown}
        rowKey={(r) => r.k}
        onChange={editable ? (next) => onChange(withGridOrders(rows, next)) : undefined}
        newRow={() => keyedOrders([{ [PO_ID]: 0, PONumber: '' }])[0]}
        canRemove={() => true}
        errors={errors}
        onSelect={(r) => setSelected(r?.k ?? null)}
        height={Math.min(Math.max(shown.length, 2) * 30 + 44, 360)}
        stretch="last"
        testId="cp-orders"
        label="Purchase Orders"
        toolbar={find || undefined}
      />
      {lookupFor !== null && (
        <LookupDialog
          lookup="Factories"
          initialText={String(rows.find((r) => r.k === lookupFor)?.FactoryKey ?? '')}
          onClose={() => setLookupFor(null)}
          onPick={(f) => {
            onChange(rows.map((r) => (r.k === lookupFor ? { ...r, FactoryKey: f.FactoryKey, FactoryName: f.FactoryName } : r)));
            setLookupFor(null);
          }}
        />
      )}
    </>
  );
}
