/**
 * SHELL-021: in-app navigation with unsaved changes asks first (react-router's blocker);
 * SHELL-022: closing or reloading the tab asks too (beforeunload; browsers show their own
 * wording there and ignore custom text).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';
import { hasUnsavedChanges, UNSAVED_CHANGES_MESSAGE, useUnsavedChangesStore } from './unsaved-changes-store';

export function UnsavedChangesGuard() {
  const dirty = useUnsavedChangesStore((s) => Object.keys(s.dirty).length > 0);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Unsaved changes"
      message={UNSAVED_CHANGES_MESSAGE}
      confirmLabel="Continue without saving"
      cancelLabel="Stay on page"
      danger
      onCancel={() => blocker.reset()}
      onConfirm={() => {
        useUnsavedChangesStore.getState().reset();
        blocker.proceed();
      }}
    />
  );
}
