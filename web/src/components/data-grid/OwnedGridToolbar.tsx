/**
 * The toolbar of an OwnedGrid (OwnedTable.tsx): Add row, Remove row, Move up and Move down, each
 * where the screen allows it, what the last change refused or skipped, then the screen's own buttons.
 */
import type { ReactNode } from 'react';

interface OwnedGridToolbarProps {
  /** Add row (a grid the user edits, whose screen makes new rows). */
  onAdd?: () => void;
  /** Remove row (a grid whose screen removes rows); enabled when a selected row may go. */
  onRemove?: () => void;
  removable: boolean;
  /** Move up and Move down of the selected rows (a grid whose rows move). */
  onMove?: (by: -1 | 1) => void;
  /** The selected rows (ascending) and how many rows there are. */
  selected: readonly number[];
  rowCount: number;
  /** What the last change refused or skipped. */
  status: string | null;
  /** The screen's own buttons, after the grid's. */
  children?: ReactNode;
}

/** See the module comment. */
export function OwnedGridToolbar({ onAdd, onRemove, removable, onMove, selected, rowCount, status, children }: OwnedGridToolbarProps) {
  return (
    <div className="data-grid__toolbar owned-grid__toolbar">
      {onAdd && (
        <button type="button" className="btn btn--small" onClick={onAdd}>
          Add row
        </button>
      )}
      {onRemove && (
        <button type="button" className="btn btn--small" disabled={!removable} onClick={onRemove}>
          Remove row
        </button>
      )}
      {onMove && (
        <button type="button" className="btn btn--small" disabled={!selected.length || selected[0] <= 0} onClick={() => onMove(-1)}>
          Move up
        </button>
      )}
      {onMove && (
        <button type="button" className="btn btn--small" disabled={!selected.length || selected[selected.length - 1] >= rowCount - 1} onClick={() => onMove(1)}>
          Move down
        </button>
      )}
      {status && (
        <span className="data-grid__status data-grid__status--error" role="status">
          {status}
        </span>
      )}
      {children}
    </div>
  );
}
