/**
 * Unsaved edits across a new record (a reload after a conflict, a panel's save that moved the
 * record's version, a saved answer): an edit is kept when the new record left that field as it
 * was when the user started editing, so nothing the user typed is lost silently and nothing
 * someone else saved is overwritten without the user seeing it. Pure.
 */
type Data = Record<string, unknown>;

/** Loose equality of field values: blank is blank, lists and objects by content. */
export const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The data to show for `next` with the user's edits of `fields` (what `current` changed from
 * `base`) kept where `next` did not change them; `kept` lists those fields.
 */
export function rebaseEdits(base: Data, current: Data, next: Data, fields: readonly string[]): { data: Data; kept: string[] } {
  const kept = fields.filter((f) => !sameValue(current[f], base[f]) && sameValue(next[f], base[f]));
  if (!kept.length) return { data: next, kept };
  return { data: { ...next, ...Object.fromEntries(kept.map((f) => [f, current[f]])) }, kept };
}
