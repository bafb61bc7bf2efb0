/**
 * Typing a cell refuses (issue 27, CONST-013): a numeric editor drops a letter as it is typed, and says
 * why instead of dropping it in silence. The editor raises a DOM event from the grid's own element; the
 * grid around it (OwnedTable's toolbar status, DataGrid's notice) says the text.
 */
import { useEffect, type RefObject } from 'react';

const CELL_REFUSED = 'plm-cell-refused';

/** Raised by an editor: `text` says what the cell takes. */
export function sayRefused(from: Element, text: string) {
  from.dispatchEvent(new CustomEvent<string>(CELL_REFUSED, { bubbles: true, detail: text }));
}

/** What the editors inside `ref`'s element refuse, said by `say`. */
export function useCellRefusals(ref: RefObject<HTMLElement | null>, say: (text: string) => void) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const heard = (e: Event) => say((e as CustomEvent<string>).detail);
    el.addEventListener(CELL_REFUSED, heard);
    return () => el.removeEventListener(CELL_REFUSED, heard);
  }, [ref, say]);
}
