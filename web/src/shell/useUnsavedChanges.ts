/**
 * `useUnsavedChanges(isDirty)`: while true, leaving the page asks first (SHELL-021/022).
 * The flag is dropped when the screen unmounts.
 */
import { useEffect, useId } from 'react';
import { useUnsavedChangesStore } from './unsaved-changes-store';

export function useUnsavedChanges(isDirty: boolean, key?: string): void {
  const autoKey = useId();
  const k = key ?? autoKey;
  const setDirty = useUnsavedChangesStore((s) => s.setDirty);
  useEffect(() => {
    setDirty(k, isDirty);
  }, [k, isDirty, setDirty]);
  useEffect(() => () => setDirty(k, false), [k, setDirty]);
}
