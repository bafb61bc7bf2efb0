/**
 * Ctrl+S / Cmd+S saves the open form (issue 11): a form calls `useSaveShortcut(save, enabled)`
 * once; the press saves the form last put on screen and never opens the browser's save dialog.
 */
import { useEffect, useRef } from 'react';

const forms: { current: () => void }[] = [];

export function onSaveShortcut(e: KeyboardEvent): void {
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 's') return;
  e.preventDefault();
  forms[forms.length - 1]?.current();
}

let installed = false;
function install() {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onSaveShortcut);
}

export function useSaveShortcut(save: () => void, enabled: boolean): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!enabled) return;
    install();
    const entry = { current: () => latest.current() };
    forms.push(entry);
    return () => { forms.splice(forms.indexOf(entry), 1); };
  }, [enabled]);
}
