/** Show and hide columns (saved per user through the preferences adapter). */
import { usePopover } from '../../shell/usePopover';
import type { GridColumn } from './columns';

export function ColumnChooser({ columns, hidden, onToggle }: { columns: readonly GridColumn[]; hidden: ReadonlySet<string>; onToggle: (field: string, show: boolean) => void }) {
  const { open, setOpen, ref } = usePopover();
  return (
    <div className="column-chooser" ref={ref}>
      <button type="button" className="btn btn--small" aria-expanded={open} onClick={() => setOpen(!open)}>Columns</button>
      {open && (
        <div className="column-chooser__panel" role="group" aria-label="Visible columns">
          {columns.map((c) => (
            <label key={c.field}>
              <input type="checkbox" checked={!hidden.has(c.field)} onChange={(e) => onToggle(c.field, e.target.checked)} />
              {c.title}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
