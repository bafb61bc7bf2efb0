/**
 * The change feed's `records` events (ADR 035) as one list of changes for every screen: an event
 * carries its records with their values, or (a bulk change, `Partial`) groups of records changed
 * alike, column by column (keys, RowVersions, the keys deleted), without values.
 */
export interface RecordChange { Id: number; Fields: Record<string, unknown>; Changed: string[]; ChangedBy: string; ChangedById?: number | null; ChangedOn: string }

interface PartialGroup { Changed: string[]; ChangedBy: string; ChangedById: number | null; ChangedOn: string; Keys: number[]; RowVersions: unknown[]; Deleted: number[] }

export interface RecordsEvent { Entity: string; KeyField?: string; Records?: RecordChange[]; Partial?: boolean; Groups?: PartialGroup[] }

/** The event's changes; a partial event's carry only RowVersion (and IsDeleted when deleted) in their Fields. */
export function changesOf(d: RecordsEvent): RecordChange[] {
  if (!d.Partial) return d.Records ?? [];
  return (d.Groups ?? []).flatMap((g) => {
    const deleted = new Set(g.Deleted);
    return g.Keys.map((Id, i) => ({
      Id, Fields: { RowVersion: g.RowVersions[i], ...(deleted.has(Id) ? { IsDeleted: true } : {}) },
      Changed: g.Changed, ChangedBy: g.ChangedBy, ChangedById: g.ChangedById, ChangedOn: g.ChangedOn,
    }));
  });
}
