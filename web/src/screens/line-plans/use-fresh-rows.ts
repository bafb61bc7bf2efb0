/**
 * A line plan section's rows (LP-023): the set as read (one sub-season's calendar among the set's
 * rows), the user's drafts of them, kept when the set is read again (`withFreshRows`: the calendars
 * share one read, so another sub-season's save reads this one again too), and the latest drafts
 * at once (a save right after an edit, Ctrl+S in an open cell editor, sends that edit).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { withFreshRows, type Draft } from './child-rows';
import { childKey, type ChildSetDef, type Row } from './line-plan-api';

let nextK = 1;
/** A key for a draft first seen (a row read, added or pasted). */
export const nextKey = () => nextK++;

export function useFreshRows(set: ChildSetDef, linePlanId: number, filter?: (row: Row) => boolean) {
  const { data, mutate } = useSWR<Row[]>(childKey(set, linePlanId));
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const latest = useRef<Draft[]>([]);
  const update = useCallback((change: (drafts: Draft[]) => Draft[]) => {
    latest.current = change(latest.current);
    setDrafts(latest.current);
  }, []);
  const latestFilter = useRef(filter);
  latestFilter.current = filter;
  const mine = useCallback((all: readonly Row[] | undefined) => (all ?? []).filter((r) => !latestFilter.current || latestFilter.current(r)), []);
  const rows = useMemo(() => (data ? mine(data) : undefined), [data, mine]);
  // Rows read again keep what the user changed here.
  useEffect(() => {
    if (rows) update((ds) => withFreshRows(ds, rows, set.key, nextKey));
  }, [rows, update, set.key]);
  /** The rows as stored, by key: what an unsaved cell is told apart from. */
  const stored = useMemo(() => new Map((rows ?? []).map((r) => [r[set.key], r])), [rows, set.key]);
  /** Reads the set again (after a save): this section's rows. */
  const reread = useCallback(async () => mine(await mutate()), [mutate, mine]);
  return { rows, stored, drafts, latest, update, reread };
}
