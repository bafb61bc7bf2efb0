/**
 * The transfer checklist as the screen edits it: the server's answer plus the user's changes, and
 * the shared rules of @domain/transfer-checklist for instant feedback (enabled items, stamps, the
 * TC-005 completion date). The server applies the same rules again on save.
 */
import { completionDate, isItemEnabled, stampItem } from '@domain/transfer-checklist';

export interface ChecklistItem {
  TransferChecklistItemId: number;
  TransferChecklistTemplateItemId: number;
  ItemName: string;
  SortOrder: number;
  IsPatternLevel: boolean;
  IsComplete: boolean;
  IsEnabled: boolean;
  CompletedBy: number | null;
  CompletedByName: string | null;
  CompletedOn: string | null;
}

export interface Checklist {
  TransferChecklistId: number;
  PrototypeId: number;
  PrototypeSeasonalId: number | null;
  PrototypeName: string;
  StockNumber: string | null;
  BrandId: number;
  BrandName: string;
  PatternName: string;
  FromFactoryKey?: string;
  FromFactoryName?: string;
  ToFactoryKey: string;
  ToFactoryName: string;
  TransferProductTypeId: number | null;
  TransferProductTypeName: string | null;
  /** Absent for factory users (TC-008). */
  IsTariffMitigationTransfer?: boolean;
  CompletionDate: string | null;
  RowVersion: number;
  Items: ChecklistItem[];
}

export interface ProductType {
  TransferProductTypeId: number;
  ProductTypeName: string;
  RequiredTemplateItems: number[];
}

export interface SyncItem {
  TransferChecklistItemId: number;
  ItemName: string;
  FromStockNumber: string | null;
  CompletedBy: number | null;
  CompletedByName: string | null;
  CompletedOn: string | null;
}

export interface Draft {
  productTypeId: number | null;
  mitigation: boolean;
  items: ChecklistItem[];
}

export const draftOf = (c: Checklist): Draft => ({ productTypeId: c.TransferProductTypeId, mitigation: !!c.IsTariffMitigationTransfer, items: c.Items });

const requiredOf = (types: readonly ProductType[], id: number | null) =>
  new Set(types.find((t) => t.TransferProductTypeId === id)?.RequiredTemplateItems ?? []);

/** DECISIONS TC-011: the items with their enabled state for the draft's product type and flag. */
export function withEnabled(d: Draft, types: readonly ProductType[]): Draft {
  const required = requiredOf(types, d.productTypeId);
  return { ...d, items: d.items.map((i) => ({ ...i, IsEnabled: isItemEnabled(i.TransferChecklistTemplateItemId, required, d.mitigation) })) };
}

/** An item checked or unchecked by the user: stamped with them and today. */
export function setComplete(d: Draft, itemId: number, complete: boolean, user: { id: number; name: string }, today: string): Draft {
  return {
    ...d,
    items: d.items.map((i) => {
      if (i.TransferChecklistItemId !== itemId) return i;
      const s = stampItem(i, complete, user.id, today);
      return { ...i, ...s, CompletedByName: s.CompletedBy === null ? null : s.CompletedBy === i.CompletedBy ? i.CompletedByName : user.name };
    }),
  };
}

/** TC-006: the items the preview said the siblings completed, taken over. */
export function applySync(d: Draft, sync: readonly SyncItem[]): Draft {
  const by = new Map(sync.map((s) => [s.TransferChecklistItemId, s]));
  return {
    ...d,
    items: d.items.map((i) => {
      const s = by.get(i.TransferChecklistItemId);
      return s && !i.IsComplete ? { ...i, IsComplete: true, CompletedBy: s.CompletedBy, CompletedByName: s.CompletedByName, CompletedOn: s.CompletedOn } : i;
    }),
  };
}

/** TC-005 on the draft. */
export const draftCompletion = (d: Draft, remembered: string | null, today: string) =>
  completionDate({ productTypeId: d.productTypeId, items: d.items.map((i) => ({ isEnabled: i.IsEnabled, isComplete: i.IsComplete })), remembered, today });

export const progressOf = (d: Draft) => {
  const enabled = d.items.filter((i) => i.IsEnabled);
  return { done: enabled.filter((i) => i.IsComplete).length, enabled: enabled.length };
};

/** The Save body (TC-009); the flag only when the user may see it. */
export const saveBody = (c: Checklist, d: Draft) => ({
  TransferChecklistId: c.TransferChecklistId,
  RowVersion: c.RowVersion,
  TransferProductTypeId: d.productTypeId,
  ...('IsTariffMitigationTransfer' in c ? { IsTariffMitigationTransfer: d.mitigation } : {}),
  Items: d.items.map((i) => ({ TransferChecklistItemId: i.TransferChecklistItemId, IsComplete: i.IsComplete })),
});
