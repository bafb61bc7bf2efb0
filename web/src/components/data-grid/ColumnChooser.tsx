/**
 * Show and hide columns (saved per user through the preferences adapter, or held by the screen),
 * and move a shown column one place left or right from the keyboard (besides dragging its header).
 */
import { usePopover } from '../../shell/usePopover';
import type { GridColumn } from './columns';

export interface ColumnChooserProps {
  /** Every column, in the shown order. */
  columns: readonly GridColumn[];
  hidden: ReadonlySet<string>;
  onToggle: (field: string, show: boolean) => void;
  /** Moves a column by one place among the shown ones (-1 left, +1 right); without it no move buttons. */
  onMove?: (field: string, by: -1 | 1) => void;
}

export function ColumnChooser({ columns, hidden, onToggle, onMove }: ColumnChooserProps) {
  const { open, setOpen, ref } = usePopover();
  const movable = columns.filter((c) => !c.key && !hidden.has(c.field)).map((c) => c.field);
  return (
    <div className="column-chooser" ref={ref}>
      <button type="button" className="btn btn--small" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns
      </button>
      {open && (
        <div className="column-chooser__panel" role="group" aria-label="Visible columns">
          {columns.map((c) => {
            const at = movable.indexOf(c.field);
            return (
              <div key={c.field} className="column-chooser__row">
                <label>
                  <input type="checkbox" checked={!hidden.has(c.field)} onChange={(e) => onToggle(c.field, e.target.checked)} />
                  {c.title}
                </label>
                {onMove && at >= 0 && (
                  <span className="column-chooser__move">
                    {/* Named by their text, not aria-label: the column's checkbox stays the one thing labelled with its title. */}
                    <button type="button" className="icon-btn" disabled={at === 0} onClick={() => onMove(c.field, -1)}>
                      <span aria-hidden="true">↑</span>
                      <span className="visually-hidden">Move {c.title} left</span>
                    </button>
                    <button type="button" className="icon-btn" disabled={at === movable.length - 1} onClick={() => onMove(c.field, 1)}>
                      <span aria-hidden="true">↓</span>
                      <span className="visually-hidden">Move {c.title} right</span>
                    </button>
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
