/**
 * SHELL-018/019: Ctrl+Shift+E opens /errors anywhere in the signed-in app, for the users the
 * route guard lets in (DECISIONS SHELL-019: module 6 read or module 18 read).
 */
import { navigateTo } from '../../../api/navigation';
import { useSessionStore } from '../../../auth/session-store';
import { ERROR_LOG } from '@domain/access';
import { mayOpen } from '../../../auth/access';

export function onErrorShortcut(e: KeyboardEvent): void {
  if (!(e.ctrlKey || e.metaKey) || !e.shiftKey || e.code !== 'KeyE') return;
  if (!mayOpen(useSessionStore.getState().session, ERROR_LOG)) return;
  e.preventDefault();
  void navigateTo('/errors');
}

let installed = false;
/** Registers the shortcut once for the page's lifetime. */
export function installErrorShortcut(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onErrorShortcut);
}
