/**
 * Ctrl+S / Cmd+S saves the open form (issue 11): a form calls `useSaveShortcut(save, enabled, element)`
 * once. The press saves the form holding the focus, else the first on the page (the record's own
 * form above its panels), and never opens the browser's save dialog.
 */
import { useEffect, useRef } from 'react';

interface SaveTarget {
  save: () => void;
  element: () => Element | null | undefined;
}
const forms: SaveTarget[] = [];
/** Node.DOCUMENT_POSITION_FOLLOWING. */
const FOLLOWING = 4;

/**
 * The form a press saves: the one holding the focus, else the first in document order. With the focus
 * in an open modal dialog (a lookup's search, a confirmation), only a form inside that dialog: the
 * page's form under it is not the one the user is looking at (nothing is saved then).
 */
export function targetForm(
  targets: readonly SaveTarget[],
  focused: Element | null,
  modal: Element | null = focused?.closest?.('dialog[open]') ?? null,
): SaveTarget | undefined {
  const inScope = modal ? targets.filter((t) => t.element() && modal.contains(t.element()!)) : targets;
  const withFocus = focused && inScope.find((t) => t.element()?.contains(focused));
  if (withFocus) return withFocus;
  const placed = inScope.filter((t) => t.element());
  const first = placed.sort((a, b) => (a.element()!.compareDocumentPosition(b.element()!) & FOLLOWING ? -1 : 1))[0];
  return first ?? (modal ? undefined : targets[0]);
}

export function onSaveShortcut(e: KeyboardEvent): void {
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 's') return;
  e.preventDefault();
  targetForm(forms, document.activeElement)?.save();
}

let installed = false;
/** Listens for the press for the page's lifetime (the app installs it at once: no browser save dialog anywhere). */
export function installSaveShortcut(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onSaveShortcut);
}

export function useSaveShortcut(save: () => void, enabled: boolean, element: () => Element | null | undefined = () => null): void {
  const latest = useRef({ save, element });
  latest.current = { save, element };
  useEffect(() => {
    if (!enabled) return;
    installSaveShortcut();
    const entry: SaveTarget = { save: () => latest.current.save(), element: () => latest.current.element() };
    forms.push(entry);
    return () => {
      forms.splice(forms.indexOf(entry), 1);
    };
  }, [enabled]);
}
