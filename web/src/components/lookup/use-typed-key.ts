/**
 * A search-help key typed into a field (a form's LookupWidget, a flash-edit screen's factory
 * criterion), checked against its lookup when it changed and is left (LOOKUP-011): one match fills
 * the key, several open the lookup dialog on what was typed, none (or several and no pick) leaves the
 * field without a key, saying so (LOOKUP-012). A key typed before the search-help registry came is
 * checked once it comes; with no lookup to check against (the registry failed or does not name it)
 * the text is the key. While a check runs the field says so; the owner's save or search waits for it.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DEFAULT_ERROR_TEXT, toast } from '../../shell/toast-store';
import { useLookup, type LookupInfo } from './lookup-registry';
import { checkTypedKey } from './search-help-api';

/** LOOKUP-012 */
export const INVALID_LOOKUP_MESSAGE = 'Invalid Value. Your search will not include this criteria.';
/** Shown while a typed key is being checked. */
export const CHECKING_LOOKUP_MESSAGE = 'Checking…';

/** Typed text the field's value does not hold: being checked, matching several (the dialog is open) or none. */
export interface Typed {
  text: string;
  state: 'checking' | 'several' | 'none';
}

/** What a check came to: the key found ('one', or 'taken' as typed when there is no lookup), or why not. */
export type KeyCheck = 'one' | 'taken' | 'several' | 'none' | 'failed' | 'superseded';

export interface TypedKeyOwner {
  /** The key to hold (blank: none), with its row and the registry entry when it was picked or found. */
  take: (key: string, row?: Record<string, unknown>, info?: LookupInfo) => void;
  /** No key matched what was typed: the field holds none. */
  clear: () => void;
}

export function useTypedKey(name: string | null | undefined, owner: TypedKeyOwner) {
  const { info, loading, entry } = useLookup(name);
  const [typed, setTyped] = useState<Typed | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);
  // The latest check, pick or emptying: the answer of a check it superseded changes nothing.
  const latest = useRef(0);
  // The owner as it is now: a check's answer applies to its current value, not to that of the render that started it.
  const now = useRef(owner);
  now.current = owner;

  /** Holds a key (picked, found, or blank when emptied); supersedes any check running. */
  const take = (key: string, row?: Record<string, unknown>, known = info) => {
    latest.current++;
    setTyped(null);
    now.current.take(key, row, known);
  };
  const unresolved = (text: string) => {
    setTyped({ text, state: 'none' });
    now.current.clear();
  };

  /** Checks typed text against the lookup; the answer is applied at once (so a save or search waiting for it sends it). */
  const check = async (text: string, brandId?: number): Promise<KeyCheck> => {
    if (!info && !loading) {
      // The registry came and does not name the lookup (or failed): nothing to check against.
      take(text);
      return 'taken';
    }
    const run = ++latest.current;
    setTyped({ text, state: 'checking' });
    try {
      const known = await entry();
      if (run !== latest.current) return 'superseded';
      const r = known ? await checkTypedKey(known, text, brandId) : undefined;
      if (run !== latest.current) return 'superseded';
      flushSync(() => {
        if (!known || !r) take(text);
        else if (r.kind === 'one') take(String(r.row[known.keyField] ?? ''), r.row, known);
        else if (r.kind === 'many') {
          setTyped({ text, state: 'several' });
          setDialog(text);
        } else unresolved(text);
      });
      return !r ? 'taken' : r.kind === 'many' ? 'several' : r.kind;
    } catch {
      if (run !== latest.current) return 'superseded';
      setTyped(null);
      toast.error(DEFAULT_ERROR_TEXT, 5000);
      return 'failed';
    }
  };

  /** A key picked in the dialog. */
  const pick = (row: Record<string, unknown>) => {
    setDialog(null);
    if (info) take(String(row[info.keyField] ?? ''), row, info);
  };
  /** The dialog closed without a pick: when several keys matched what was typed, the field holds none, said so. */
  const closeDialog = () => {
    setDialog(null);
    if (typed?.state === 'several') unresolved(typed.text);
  };

  return { info, loading, typed, dialog, openDialog: setDialog, closeDialog, pick, take, check };
}
