/**
 * One record's saves from one screen go one at a time, each at the newest version the screen knows.
 * A record screen saves its record from several places (the form, the status, a line plan's child
 * sets and calendar import, a colorway's size ranges); each save moves the record's RowVersion. Sent
 * at once, a second save would carry the version the screen showed before the first one answered and
 * be refused as stale, naming the user's own save ("changed by <the user>"). In turn, it waits for
 * the first to answer and goes at the version that answer gave. Someone else's change meanwhile
 * still gets the stale-save 409: the screen only knows its own answers and the record as it read it.
 *
 * @example const saves = useRecordSaves(); await savePanelInTurn(saves, (v) => saveChildRows(set, id, v, items), rowVersion);
 */
import { createContext, useContext } from 'react';

export interface RecordSaves {
  /**
   * Runs `save` once the screen's earlier saves of the record have answered, with the RowVersion to
   * send (never below `seen`, the version the caller shows); `movedTo` reads from its answer the
   * version it moved the record to (nothing for a refusal), which the next save goes at.
   */
  inTurn<T>(save: (rowVersion: number) => Promise<T>, seen: unknown, movedTo: (answer: T) => unknown): Promise<T>;
}

/** `shown`: the record's RowVersion as the screen shows it now (it may lag behind an answer until the screen renders again). */
export function recordSaves(shown: () => unknown): RecordSaves {
  let answered = 0;
  let last: Promise<unknown> = Promise.resolve();
  return {
    inTurn(save, seen, movedTo) {
      const run = last.then(async () => {
        const answer = await save(Math.max(answered, versionOf(shown()), versionOf(seen)));
        answered = Math.max(answered, versionOf(movedTo(answer)));
        return answer;
      });
      last = run.catch(() => undefined);
      return run;
    },
  };
}

/** A panel's save whose answer gives the record's next version (`{ ok: true, RowVersion }`), in turn: the next save goes at it. */
export const savePanelInTurn = <A extends { ok: boolean; RowVersion?: unknown }>(saves: RecordSaves, save: (rowVersion: number) => Promise<A>, seen: unknown) =>
  saves.inTurn(save, seen, (answer) => (answer.ok ? answer.RowVersion : undefined));

const versionOf = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** Outside a record screen a save goes at once, at the version its caller shows. */
const atOnce: RecordSaves = { inTurn: (save, seen) => save(versionOf(seen)) };

export const RecordSavesContext = createContext<RecordSaves>(atOnce);

/** The record screen's saves in turn (RecordEditor provides them). */
export const useRecordSaves = () => useContext(RecordSavesContext);
