/**
 * What a DataGrid's toolbar says of its saves: a running save and its progress, the last outcome
 * or notice ('3 rows saved.', what a paste skipped, that the grid is read only), why the selected
 * cell is locked, the rows holding input the server has not taken (the page asks before it is
 * left), and the rows someone else changed since they were loaded, offered for a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../shell/toast-store';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import type { GridRecord } from './change-batch';
import { searchKeys } from './grid-api';
import type { SaveOutcome } from './grid-editor';
import type { GridTableApi } from './grid-table-props';
import { countOf } from '../../format/count';

/** Said when someone types or pastes into a grid they cannot edit. */
export const READ_ONLY_MESSAGE = 'This grid is read only.';

/** See the module comment; `records`: the rows loaded now (new ones are fresh: none stale, none unsaved). */
export function useGridStatus(gridId: string, keyField: string, records: GridRecord[]) {
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  // Why the selected cell is locked; how many rows hold input the server has not taken.
  const [hint, setHint] = useState<string | null>(null);
  const [held, setHeld] = useState(0);
  // Rows someone else changed since they were loaded (409 on save): offered for a reload.
  const [stale, setStale] = useState<ReadonlySet<number>>(new Set());
  const [reloading, setReloading] = useState(false);
  const tableApi = useRef<GridTableApi | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new records are fresh, so none is stale and none holds unsaved input
  useEffect(() => {
    setStale(new Set());
    setHeld(0);
  }, [records]);
  const onStale = useCallback((keys: number[]) => setStale((s) => new Set([...s, ...keys])), []);
  const onProgress = useCallback((done: number, total: number) => setProgress({ done, total }), []);
  const onPendingChange = useCallback((p: boolean) => {
    setPending(p);
    if (!p) setProgress(null);
  }, []);
  const onNotice = useCallback((text: string) => setStatus({ text, error: false }), []);
  useUnsavedChanges(pending || held > 0, `grid:${gridId}`);
  const reloadStale = async () => {
    setReloading(true);
    try {
      const keys = [...stale];
      tableApi.current?.replaceRows(await searchKeys(gridId, keyField, keys));
      setStale((s) => new Set([...s].filter((k) => !keys.includes(k))));
      setStatus({ text: `${countOf(keys.length, 'row')} reloaded.`, error: false });
    } catch {
      toast.error('The rows could not be reloaded.');
    } finally {
      setReloading(false);
    }
  };
  const onReadOnlyInput = useCallback(() => setStatus({ text: READ_ONLY_MESSAGE, error: false }), []);
  const onSaved = useCallback(({ saved, failed, skipped, held: rows }: SaveOutcome) => {
    setHeld(rows);
    const text = failed
      ? `${countOf(saved, 'row')} saved; ${countOf(failed, 'row')} not saved (see the red cells).`
      : saved
        ? `${countOf(saved, 'row')} saved.`
        : '';
    if (text || skipped) setStatus({ text: [text, skipped].filter(Boolean).join(' '), error: !!failed });
  }, []);

  return {
    pending,
    progress,
    status,
    hint,
    setHint,
    stale,
    reloading,
    tableApi,
    onStale,
    onProgress,
    onPendingChange,
    onNotice,
    onReadOnlyInput,
    onSaved,
    reloadStale,
  };
}

/** What useGridStatus gives a DataGrid. */
export type GridStatus = ReturnType<typeof useGridStatus>;
