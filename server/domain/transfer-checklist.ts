/**
 * The transfer checklist rules (TC-005, TC-006, DECISIONS TC-011), pure and shared by the server
 * (the authority: it recomputes everything on save) and the browser (instant feedback):
 * - an item is enabled when its template item is required by the checklist's product type, or when
 *   the transfer is a tariff-mitigation transfer (then every item is);
 * - the completion date is the remembered one (or today) when a product type is chosen and every
 *   enabled item is complete, and there is at least one enabled item; otherwise it is cleared;
 * - an item checked now is stamped with the user and today; an unchecked one loses its stamp.
 * Dates are calendar dates, 'YYYY-MM-DD' (DECISIONS CONST-015).
 */

export const TC_TEXT = {
  saved: 'Transfer Checklist saved successfully!',
  saveError: 'There was an error while saving the record. Please contact your system administrator',
  notFound: 'The transfer checklist was not found.',
  disabledItem: 'This item is not enabled for the product type; only a tariff-mitigation transfer enables it.',
  unknownProductType: 'Unknown product type.',
  sameFactory: 'The factory transferred to must differ from the factory transferred from.',
} as const;

/** TC-011: whether an item is enabled. */
export function isItemEnabled(templateItemId: number, required: ReadonlySet<number>, isTariffMitigation: boolean): boolean {
  return isTariffMitigation || required.has(templateItemId);
}

export interface CompletionInput {
  productTypeId: number | null | undefined;
  items: readonly { isEnabled: boolean; isComplete: boolean }[];
  /** The completion date already stored ('YYYY-MM-DD'), if any. */
  remembered: string | null | undefined;
  today: string;
}

/** TC-005: the checklist's completion date ('YYYY-MM-DD') or null. */
export function completionDate({ productTypeId, items, remembered, today }: CompletionInput): string | null {
  const enabled = items.filter((i) => i.isEnabled);
  const complete = !!productTypeId && enabled.length > 0 && enabled.every((i) => i.isComplete);
  return complete ? remembered || today : null;
}

export interface ItemStamp {
  IsComplete: boolean;
  CompletedBy: number | null;
  CompletedOn: string | null;
}

/** An item after the user set it to `complete`: newly checked items are stamped, unchecked ones cleared, unchanged ones kept. */
export function stampItem(before: ItemStamp, complete: boolean, userId: number, today: string): ItemStamp {
  if (complete === before.IsComplete) return before;
  return complete ? { IsComplete: true, CompletedBy: userId, CompletedOn: today } : { IsComplete: false, CompletedBy: null, CompletedOn: null };
}

export interface SiblingItem {
  TemplateItemId: number;
  CompletedBy: number | null;
  CompletedOn: string | null;
}

/**
 * TC-006/007: the items a tariff-mitigation transfer takes over from sibling checklists: each
 * pattern-level template item not complete here that a sibling has completed (the earliest
 * completion wins). Nothing is taken over when the transfer is not a tariff-mitigation one.
 */
export function siblingSync<T extends SiblingItem>(
  items: readonly { TemplateItemId: number; IsComplete: boolean }[],
  siblings: readonly T[],
  patternLevel: ReadonlySet<number>,
  isTariffMitigation: boolean,
): Map<number, T> {
  const out = new Map<number, T>();
  if (!isTariffMitigation) return out;
  const open = new Set(items.filter((i) => !i.IsComplete && patternLevel.has(i.TemplateItemId)).map((i) => i.TemplateItemId));
  for (const s of siblings) {
    if (!open.has(s.TemplateItemId)) continue;
    const seen = out.get(s.TemplateItemId);
    if (!seen || String(s.CompletedOn ?? '9999') < String(seen.CompletedOn ?? '9999')) out.set(s.TemplateItemId, s);
  }
  return out;
}
