/**
 * The checks a form's widgets run after a value was typed, which the form's save waits for (ADR 047).
 * A search-help key is checked against its lookup when it is left (LookupWidget, LOOKUP-011): a
 * save pressed before the answer came would send the key as it was before. A widget adds the check
 * (a promise answering whether the field now holds what was typed) once its result is applied to
 * the form; the save awaits `settled()` and stops when a check did not resolve its field (none or
 * several matches, or the lookup failed), the field showing why.
 */

/** One form's running checks. */
export interface PendingChecks {
  /** Registers a running check: `true` when it committed the field's value, `false` (or a rejection) when the field needs the user. */
  add: (check: Promise<boolean>) => void;
  /** How many checks are running. */
  readonly size: number;
  /**
   * Waits for every check running now and every one added meanwhile; answers whether all of them
   * resolved their field. The checks running are taken at the call, before its first await.
   */
  settled: () => Promise<boolean>;
}

export function pendingChecks(): PendingChecks {
  const running = new Set<Promise<boolean>>();
  return {
    add(check) {
      const outcome = check.then(
        (ok) => ok,
        () => false,
      );
      running.add(outcome);
      void outcome.then(() => running.delete(outcome));
    },
    get size() {
      return running.size;
    },
    async settled() {
      const awaited = new Set<Promise<boolean>>();
      let ok = true;
      for (let batch = [...running]; batch.length; batch = [...running].filter((c) => !awaited.has(c))) {
        for (const c of batch) awaited.add(c);
        ok = (await Promise.all(batch)).every(Boolean) && ok;
      }
      return ok;
    },
  };
}
