/** What SchemaForm hands every widget through RJSF's `formContext`. */
export interface SchemaFormContext {
  /** Marks the form dirty at the first keystroke (widgets commit to RJSF only on blur). */
  markDirty: () => void;
  /** The record as loaded (status widget: the current status and its name). */
  initialData: Record<string, unknown>;
  /** Brand for lookups filtered by brand. */
  brandId?: number;
}
