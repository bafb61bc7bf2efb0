/** SHELL-020: Ctrl+Shift+F opens a column finder; picking a column scrolls the grid to it. */
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Modal } from '../../shell/Modal';
import type { GridColumn } from './columns';

/** Opens on Ctrl+Shift+F while mounted; `onPick` gets the index of the chosen visible column. */
export function ColumnFinder({ columns, onPick, onOpen }: { columns: readonly GridColumn[]; onPick: (index: number) => void; onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: listens while mounted; the caller's onOpen only reads its grid's ref
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.code === 'KeyF') {
        e.preventDefault();
        e.stopPropagation();
        onOpen?.();
        setText('');
        setActive(0);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const matches = useMemo(() => {
    const t = text.trim().toLowerCase();
    // Exact titles first, then titles starting with the text, then any that contain it.
    const rank = (title: string) => (title === t ? 0 : title.startsWith(t) ? 1 : 2);
    return columns
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => !t || c.title.toLowerCase().includes(t) || c.field.toLowerCase().includes(t))
      .sort((a, b) => (t ? rank(a.c.title.toLowerCase()) - rank(b.c.title.toLowerCase()) : 0) || a.i - b.i);
  }, [columns, text]);
  if (!open) return null;
  // The dialog is gone (closed, its focus given back) before the grid takes the selection and the
  // keyboard, within the same key press: the keys typed right after the pick reach the grid.
  const pick = (i: number) => {
    flushSync(() => setOpen(false));
    onPick(i);
  };
  return (
    <Modal title="Find a column" onCancel={() => setOpen(false)}>
      <div className="field">
        <label htmlFor="column-finder-input">Column</label>
        <input
          id="column-finder-input"
          data-autofocus
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, matches.length - 1));
            }
            if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            }
            // The grid must not see this Enter too (it would open the editor of the cell it lands on).
            if (e.key === 'Enter' && matches[active]) {
              e.preventDefault();
              e.stopPropagation();
              e.nativeEvent.stopImmediatePropagation();
              pick(matches[active].i);
            }
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a ul listbox; its options are buttons */}
      <ul className="column-finder__list" role="listbox" aria-label="Columns">
        {matches.map(({ c, i }, n) => (
          <li key={c.field}>
            <button type="button" role="option" aria-selected={n === active} onClick={() => pick(i)}>
              {c.title}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
