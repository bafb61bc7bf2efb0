/** A record screen's saves in turn (LP-023: child sets saved at the line plan's RowVersion; the stale-save 409 only for others' changes). */
import { describe, expect, it } from 'vitest';
import { recordSaves, savePanelInTurn } from './record-saves';

/** A save the test answers by hand: the version it was sent at, and its answer. */
function pendingSave<A>() {
  const sent: number[] = [];
  let answer!: (a: A) => void;
  let fail!: (e: Error) => void;
  const save = (v: number) => {
    sent.push(v);
    return new Promise<A>((res, rej) => {
      answer = res;
      fail = rej;
    });
  };
  return { save, sent, answer: (a: A) => answer(a), fail: (e: Error) => fail(e) };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('record saves in turn (LP-023: a second section saved at once goes at the version the first answered)', () => {
  it('LP-023 a second save waits for the first to answer and goes at the version it gave, not the one on screen', async () => {
    const shown = 7;
    const saves = recordSaves(() => shown);
    const first = pendingSave<{ ok: boolean; RowVersion: number }>();
    const second = pendingSave<{ ok: boolean; RowVersion: number }>();
    const a = savePanelInTurn(saves, first.save, shown);
    const b = savePanelInTurn(saves, second.save, shown);
    await tick();
    expect(first.sent).toEqual([7]);
    expect(second.sent).toEqual([]);
    first.answer({ ok: true, RowVersion: 8 });
    expect(await a).toEqual({ ok: true, RowVersion: 8 });
    await tick();
    expect(second.sent).toEqual([8]);
    second.answer({ ok: true, RowVersion: 9 });
    await b;
    // The screen has not rendered the new version yet: the next save still goes at the last answer's.
    const third = pendingSave<{ ok: boolean; RowVersion: number }>();
    void savePanelInTurn(saves, third.save, shown);
    await tick();
    expect(third.sent).toEqual([9]);
  });

  it('LP-023 a refused or failed save moves nothing and does not stop the next one', async () => {
    const saves = recordSaves(() => 3);
    const refused = pendingSave<{ ok: boolean; RowVersion?: number }>();
    const failing = pendingSave<{ ok: boolean }>();
    const next = pendingSave<{ ok: boolean }>();
    const a = savePanelInTurn(saves, refused.save, 3);
    const b = savePanelInTurn(saves, failing.save, 3);
    const c = savePanelInTurn(saves, next.save, 3);
    await tick();
    refused.answer({ ok: false });
    await a;
    await tick();
    expect(failing.sent).toEqual([3]);
    failing.fail(new Error('network'));
    await expect(b).rejects.toThrow('network');
    await tick();
    expect(next.sent).toEqual([3]);
    next.answer({ ok: true });
    await c;
  });

  it('the newest of the screen, the caller and the answers wins (a record read again after someone else saved)', async () => {
    let shown: unknown = 4;
    const saves = recordSaves(() => shown);
    const sent: number[] = [];
    const save = async (v: number) => {
      sent.push(v);
      return v;
    };
    await saves.inTurn(save, 4, () => 5); // this screen's save answered version 5
    await saves.inTurn(save, 4, () => undefined);
    shown = 9; // read again: someone else's change
    await saves.inTurn(save, 4, () => 'not a version');
    await saves.inTurn(save, 11, () => undefined); // the caller shows a newer one
    shown = undefined; // not loaded: the answers and the caller decide
    await saves.inTurn(save, null, () => undefined);
    expect(sent).toEqual([4, 5, 9, 11, 5]);
  });
});
