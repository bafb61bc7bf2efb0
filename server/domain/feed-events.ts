/**
 * The change feed's `records` events (ADR 035), the one description of their shape for the server
 * that writes them (core/feed/changes.ts) and the screens that read them: an event carries its
 * records with their values, or (a bulk change, `Partial`) groups of records changed alike, column
 * by column (keys, RowVersions, the keys deleted), without values. `changesOf` turns either into
 * one list of changes.
 */

/**
 * A batch of more records than this (a bulk save, an upload, a carryover) goes out partial
 * ("Large batches"); a screen that shows some of them reads those rows itself. 1,000 changed
 * colorways were ~1 MB to every stream; partial, ~15 KB.
 */
export const FEED_VALUES_LIMIT = 100;
export interface RecordChange {
  Id: number;
  Fields: Record<string, unknown>;
  Changed: string[];
  ChangedBy: string;
  ChangedById?: number | null;
  ChangedOn: string;
}

export interface PartialGroup {
  Changed: string[];
  ChangedBy: string;
  ChangedById: number | null;
  ChangedOn: string;
  Keys: number[];
  RowVersions: unknown[];
  Deleted: number[];
}

export interface RecordsEvent {
  Entity: string;
  KeyField?: string;
  Records?: RecordChange[];
  Partial?: boolean;
  Groups?: PartialGroup[];
}

/** The event's changes; a partial event's carry only RowVersion (and IsDeleted when deleted) in their Fields. */
export function changesOf(d: RecordsEvent): RecordChange[] {
  if (!d.Partial) return d.Records ?? [];
  return (d.Groups ?? []).flatMap((g) => {
    const deleted = new Set(g.Deleted);
    return g.Keys.map((Id, i) => ({
      Id,
      Fields: { RowVersion: g.RowVersions[i], ...(deleted.has(Id) ? { IsDeleted: true } : {}) },
      Changed: g.Changed,
      ChangedBy: g.ChangedBy,
      ChangedById: g.ChangedById,
      ChangedOn: g.ChangedOn,
    }));
  });
}
