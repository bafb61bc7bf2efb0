/**
 * The filter of one grid column (opened from its header's ▾ or Alt+Down on a cell): text contains
 * or equals, from–to for numbers and dates; applied by the server. Enter applies, Escape closes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { filterFromInput, filterModes, inputFromFilter, type ColumnFilter, type FilterInput, type FilterMode } from './column-filters';
import type { GridColumn } from './columns';

const MODE_LABEL: Record<FilterMode, string> = { contains: 'Contains', equals: 'Equals', range: 'From – to' };

export interface ColumnFilterPopoverProps {
  column: GridColumn;
  filter: ColumnFilter | undefined;
  /** Where the popover opens (the header cell or its button). */
  anchor: DOMRect;
  onApply: (filter: ColumnFilter | null) => void;
  onClose: () => void;
}

export function ColumnFilterPopover({ column, filter, anchor, onApply, onClose }: ColumnFilterPopoverProps) {
  const [input, setInput] = useState<FilterInput>(() => inputFromFilter(column, filter));
  const [message, setMessage] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const modes = filterModes(column);

  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input')?.focus();
    const outside = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = filterFromInput(column, input);
    if (!r.ok) {
      setMessage(r.message);
      return;
    }
    onApply(r.filter);
  };
  const set = (patch: Partial<FilterInput>) => {
    setInput((i) => ({ ...i, ...patch }));
    setMessage(null);
  };

  return (
    <form
      ref={ref}
      className="data-grid__filter-panel"
      role="dialog"
      aria-label={`Filter ${column.title}`}
      onSubmit={submit}
      style={{ top: Math.max(8, Math.min(anchor.bottom + 4, window.innerHeight - 240)), left: Math.max(8, Math.min(anchor.left, window.innerWidth - 280)) }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {modes.length > 1 && (
        <label>
          Match
          <select value={input.mode} onChange={(e) => set({ mode: e.target.value as FilterMode })}>
            {modes.map((m) => (
              <option key={m} value={m}>
                {MODE_LABEL[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      {input.mode === 'range' ? (
        <>
          <label>
            From <input value={input.from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label>
            To <input value={input.to} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </>
      ) : (
        <label>
          Value <input value={input.text} onChange={(e) => set({ text: e.target.value })} />
        </label>
      )}
      {message && (
        <p className="data-grid__status--error" role="alert">
          {message}
        </p>
      )}
      <div className="data-grid__filter-actions">
        <button type="submit" className="btn btn--small btn--primary">
          Apply
        </button>
        <button type="button" className="btn btn--small" onClick={() => onApply(null)} disabled={!filter}>
          Clear
        </button>
      </div>
    </form>
  );
}
