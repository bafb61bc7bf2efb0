/**
 * Editable reference cells (a column with `x-ref`: status, responsible, product type): the cell
 * shows and takes the referenced record's name; the choices come from GET /api/Reference/{source}
 * within the row's scope (a scope field the row does not carry is left to the server, which keeps
 * the choices within the user's brands), loaded once per scope. A name not among the choices is
 * refused with NOT_IN_LIST; the server checks the chosen id again on save.
 */
import { apiFetch } from '../../api/http';
import type { ReferenceOption, ReferenceSpec } from '../schema-form/reference';

/** Said when a reference cell gets a name that is not one of its choices. */
export const NOT_IN_LIST = 'Select a value from the list.';

/** The choices' URL for a row: the reference's scope from the row's fields (missing ones left out). */
export function referenceUrl(ref: ReferenceSpec, record: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [param, from] of Object.entries(ref.scope ?? {})) {
    const v = typeof from === 'number' ? from : record[from];
    if (v !== null && v !== undefined && v !== '') params.set(param, String(v));
  }
  const q = params.toString();
  return `/api/Reference/${ref.source}${q ? `?${q}` : ''}`;
}

/** The choice a typed or pasted text names: its label (case and outer spaces ignored), or its id. */
export function matchOption(options: readonly ReferenceOption[], text: unknown): ReferenceOption | undefined {
  const t = String(text ?? '')
    .trim()
    .toLowerCase();
  if (!t) return undefined;
  return options.find((o) => o.label.trim().toLowerCase() === t) ?? options.find((o) => String(o.value).toLowerCase() === t);
}

const loaded = new Map<string, Promise<ReferenceOption[]>>();

/** The choices of a reference for a row (one call per scope; a failed call is tried again next time). */
export function referenceOptions(ref: ReferenceSpec, record: Record<string, unknown>): Promise<ReferenceOption[]> {
  const url = referenceUrl(ref, record);
  let p = loaded.get(url);
  if (!p) {
    p = apiFetch<ReferenceOption[]>(url).catch((e) => {
      loaded.delete(url);
      throw e;
    });
    loaded.set(url, p);
  }
  return p;
}
