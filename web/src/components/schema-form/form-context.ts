import type { PendingChecks } from './pending-checks';

/** What SchemaForm hands every widget through RJSF's `formContext`. */
export interface SchemaFormContext {
  /** Marks the form dirty at the first keystroke (widgets commit to RJSF only on blur). */
  markDirty: () => void;
  /** The record as loaded (status widget: the current status and its name; references: their names). */
  initialData: Record<string, unknown>;
  /** Brand for lookups filtered by brand. */
  brandId?: number;
  /** The form's committed values, for widgets whose choices depend on other fields (a reference's scope). */
  data?: FormDataStore;
  /** Checks of typed values still running (a search-help key), which the form's save waits for. */
  pending?: PendingChecks;
}

/** The committed values of a form as a subscribable store (React `useSyncExternalStore`) over the form's own copy. */
export interface FormDataStore {
  get: () => Record<string, unknown>;
  /** Tells the subscribers that the values changed (after a committed change, never while rendering). */
  changed: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function formDataStore(get: () => Record<string, unknown>): FormDataStore {
  const listeners = new Set<() => void>();
  return {
    get,
    changed: () => {
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
