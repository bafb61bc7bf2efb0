/** Log out from the menus (AUTH-018), asking first when the page has unsaved changes (SHELL-021). */
import { useState } from 'react';
import { logOut } from '../auth/log-out';
import { hasUnsavedChanges } from './unsaved-changes-store';

export function useLogOutAction() {
  const [confirming, setConfirming] = useState(false);
  return {
    confirming,
    request: () => (hasUnsavedChanges() ? setConfirming(true) : void logOut()),
    confirm: () => {
      setConfirming(false);
      void logOut();
    },
    cancel: () => setConfirming(false),
  };
}
