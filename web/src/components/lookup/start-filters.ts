/** The filters a LookupDialog opens with (pure, for tests). */
import type { LookupInfo } from './lookup-registry';

/** The filters the dialog opens with: the given ones the lookup takes, and `initialText` on the key field. */
export function startFilters(info: Pick<LookupInfo, 'keyField' | 'searchParameters'>, initial?: Record<string, string>, text?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(initial ?? {})) if (info.searchParameters.includes(k) && v.trim()) out[k] = v.trim();
  if (text) out[info.keyField] = text;
  return out;
}
