/**
 * Library answers (ADMIN-035/036): `{ IsSuccessful, Message, Data }` with the specification's texts,
 * and the audit rows of an added or changed entry (every write is audited).
 */
import type { Queryable } from '../../core/db/client';
import { recordAction } from '../../core/records/actions';

export const ITEM_ADDED = 'Item added successfully.';

export interface LibraryAnswer {
  IsSuccessful: boolean;
  Message: string;
  Data: Record<string, unknown>;
}

export const added = (data: Record<string, unknown> = {}): LibraryAnswer => ({
  IsSuccessful: true,
  Message: ITEM_ADDED,
  Data: { ExtendBrand: false, ...data },
});

/**
 * ADMIN-027/028: the entry exists elsewhere; the client asks the user and calls again with the extend flag.
 * 200 with IsSuccessful false by the spec: an offer, not an error.
 */
export const extendOffer = (message: string): LibraryAnswer => ({ IsSuccessful: false, Message: message, Data: { ExtendBrand: true } });

/** ADMIN-036: '{n} {type}(s) successfully deleted.' */
export const deletedMessage = (n: number, type: string) => `${n} ${type}(s) successfully deleted.`;

/** Audits a new row: every field from nothing to its value. */
export async function auditAdded(q: Queryable, userId: number, entity: string, id: string | number, row: Record<string, unknown>) {
  await recordAction(
    q,
    userId,
    entity,
    id,
    Object.entries(row).map(([field, newValue]) => ({ field, oldValue: null, newValue })),
  );
}
