/**
 * ADMIN-013: a typed factory key is checked by search. No factory containing the text gives a
 * message; one exact key match is filled in; otherwise the candidates go to a selection dialog.
 */
export interface FactoryRow {
  UserFactoryId: number | null;
  FactNameKy: string;
  FactoryName?: string;
  IsAssigned: boolean;
}

export const NO_FACTORIES_FOUND = 'No factories found that contain that text.';

export type FactoryMatch = { kind: 'none'; message: string } | { kind: 'exact'; factory: FactoryRow } | { kind: 'choose'; candidates: FactoryRow[] };

export function matchFactory(all: readonly FactoryRow[], text: string): FactoryMatch {
  const t = text.trim().toLowerCase();
  if (!t) return { kind: 'none', message: NO_FACTORIES_FOUND };
  const candidates = all.filter((f) => f.FactNameKy.toLowerCase().includes(t) || (f.FactoryName ?? '').toLowerCase().includes(t));
  if (!candidates.length) return { kind: 'none', message: NO_FACTORIES_FOUND };
  const exact = candidates.filter((f) => f.FactNameKy.toLowerCase() === t);
  if (exact.length === 1) return { kind: 'exact', factory: exact[0] };
  return { kind: 'choose', candidates };
}

/**
 * The factory lookup's start filters for typed text with several candidates: the name filter when
 * the text is part of every candidate's name. The lookup matches keys whole (ADR 008), so text
 * that is part of a key opens the dialog unfiltered.
 */
export function lookupFiltersFor(candidates: readonly FactoryRow[], text: string): Record<string, string> {
  const t = text.trim().toLowerCase();
  return t && candidates.length && candidates.every((f) => (f.FactoryName ?? '').toLowerCase().includes(t)) ? { FactoryName: text.trim() } : {};
}
