/**
 * A grid cell's history (issue 30): the cell's context menu ("Cell history") or Ctrl+Shift+H on the
 * selected cell opens that field's changes for that record from the audit trail (GET
 * /api/CellHistory): who, when, old → new and the path (screen, grid, upload, carryover). "Restore
 * this value" puts an old value back through the grid's own save, where the user may edit the cell.
 * Everything hooks onto the Handsontable instance, so GridTable is untouched.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type Handsontable from 'handsontable/base';
import useSWR from 'swr';
import { withQuery } from '../../api/http';
import { errorText } from '../../api/error-text';
import { formatDateTime } from '../../format/date';
import { Modal } from '../../shell/Modal';
import type { GridRecord } from './change-batch';
import { shownField, type GridColumn } from './columns';
import './cell-history.css';

interface Entry {
  ChangedOn: string;
  ChangedBy: string;
  OldValue: string | null;
  NewValue: string | null;
  Path: string;
}
interface History {
  Title: string;
  CanRestore: boolean;
  Entries: Entry[];
}
interface Target {
  key: number;
  column: GridColumn;
  label: string;
  row: number;
}

export const PATH_TITLES: Record<string, string> = { screen: 'Screen', grid: 'Grid', upload: 'Upload', carryover: 'Carryover' };
const shown = (v: string | null) => (v === null || v === '' ? '(blank)' : v);

/** The context menu and the shortcut on a grid, and the dialog they open. */
export function useCellHistory({
  hotRef,
  entity,
  keyField,
  columns,
  records,
  editable,
}: {
  hotRef: RefObject<Handsontable | null>;
  entity: string | undefined;
  keyField: string;
  columns: readonly GridColumn[];
  records: GridRecord[];
  editable: boolean;
}) {
  const [menu, setMenu] = useState<{ x: number; y: number; target: Target } | null>(null);
  const [open, setOpen] = useState<Target | null>(null);
  const latest = useRef({ columns, records, keyField });
  latest.current = { columns, records, keyField };
  const attached = useRef<Handsontable | null>(null);

  useEffect(() => {
    const hot = hotRef.current;
    if (!hot || hot.isDestroyed || !entity || attached.current === hot) return;
    attached.current = hot;
    const targetAt = (row: number, col: number): Target | null => {
      const { columns: cols, records: recs, keyField: kf } = latest.current;
      const rec = recs[hot.toPhysicalRow(row)];
      const column = cols[col];
      if (!rec || !column || row < 0 || col < 0) return null;
      return { key: Number(rec[kf]), column, label: String(rec[shownField(cols[0])] ?? rec[kf]), row };
    };
    hot.rootElement.addEventListener('contextmenu', (e) => {
      const td = (e.target as HTMLElement).closest('td');
      const coords = td ? hot.getCoords(td) : null;
      const target = coords ? targetAt(coords.row ?? -1, coords.col ?? -1) : null;
      if (!target) return;
      e.preventDefault();
      setMenu({ x: e.clientX, y: e.clientY, target });
    });
    hot.addHook('beforeKeyDown', (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !e.shiftKey || e.key.toLowerCase() !== 'h') return;
      const cell = hot.getSelectedRangeLast()?.highlight;
      const target = cell ? targetAt(cell.row ?? -1, cell.col ?? -1) : null;
      if (!target) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      setOpen(target);
    });
  });

  const restore = (target: Target, value: string | null) => {
    const hot = hotRef.current;
    setOpen(null);
    if (hot && !hot.isDestroyed) hot.setDataAtRowProp(target.row, shownField(target.column), value ?? '', 'edit');
  };

  const element = (
    <>
      {menu && (
        <div className="cell-menu" role="menu" style={{ left: menu.x, top: menu.y }} onMouseLeave={() => setMenu(null)}>
          {/* The menu takes the keyboard as it opens (Enter opens the history, Escape or a click elsewhere closes it). */}
          <button
            type="button"
            role="menuitem"
            className="cell-menu__item"
            ref={(el) => el?.focus()}
            onBlur={() => setTimeout(() => setMenu(null), 150)}
            onClick={() => {
              setOpen(menu.target);
              setMenu(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setMenu(null);
            }}
          >
            Cell history <kbd>Ctrl+Shift+H</kbd>
          </button>
        </div>
      )}
      {open && entity && (
        <CellHistoryDialog
          entity={entity}
          target={open}
          editable={editable && !open.column.readOnly && !open.column.nameField}
          onRestore={(v) => restore(open, v)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
  return element;
}

function CellHistoryDialog({
  entity,
  target,
  editable,
  onRestore,
  onClose,
}: {
  entity: string;
  target: Target;
  editable: boolean;
  onRestore: (value: string | null) => void;
  onClose: () => void;
}) {
  // Read afresh each time it opens (no deduping): a restore just made must be its newest entry.
  const { data, error } = useSWR<History>(withQuery('/api/CellHistory', { entity, id: target.key, field: target.column.field }), {
    revalidateOnFocus: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  return (
    <Modal
      title={`History of ${target.column.title}: ${target.label}`}
      onCancel={onClose}
      className="cell-history"
      actions={
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      {error && (
        <div className="alert alert--error" role="alert">
          {errorText(error, 'The history could not be loaded.')}
        </div>
      )}
      {!data && !error && <span className="spinner" role="status" aria-label="Loading" />}
      {data && !data.Entries.length && <p className="muted">No change of this cell has been recorded.</p>}
      {data && data.Entries.length > 0 && (
        <table className="cell-history__table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>Change</th>
              <th>Path</th>
              {editable && data.CanRestore && (
                <th>
                  <span className="visually-hidden">Restore</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.Entries.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the entries are a fixed list, newest first
              <tr key={i}>
                <td>{formatDateTime(e.ChangedOn)}</td>
                <td>{e.ChangedBy}</td>
                <td>
                  {shown(e.OldValue)} → {shown(e.NewValue)}
                </td>
                <td>{PATH_TITLES[e.Path] ?? e.Path}</td>
                {editable && data.CanRestore && (
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => onRestore(e.OldValue)}
                      title={`Save ${shown(e.OldValue)} in this cell again`}
                    >
                      Restore this value
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
