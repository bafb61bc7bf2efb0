import { describe, expect, it } from 'vitest';
import { pendingChecks } from './pending-checks';

/** A check whose answer the test gives. */
function deferred() {
  let answer: (ok: boolean) => void = () => {};
  let fail: (e: Error) => void = () => {};
  const promise = new Promise<boolean>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

/** Whether `p` has settled after the microtasks queued now ran. */
async function isSettled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((r) => setTimeout(r, 0));
  return done;
}

describe('pending checks of a form (the save waits for them)', () => {
  it('LOOKUP-011 a save with no key being checked goes at once', async () => {
    const pending = pendingChecks();
    expect(pending.size).toBe(0);
    await expect(pending.settled()).resolves.toBe(true);
  });

  it('LOOKUP-011 a save waits for the check of a key typed just before it, and goes when it filled the key', async () => {
    const pending = pendingChecks();
    const check = deferred();
    pending.add(check.promise);
    expect(pending.size).toBe(1);
    const save = pending.settled();
    expect(await isSettled(save)).toBe(false);
    check.answer(true);
    await expect(save).resolves.toBe(true);
    expect(pending.size).toBe(0);
  });

  it('LOOKUP-011 a check started while the save waits (another field left) is waited for too', async () => {
    const pending = pendingChecks();
    const first = deferred();
    const second = deferred();
    pending.add(first.promise);
    const save = pending.settled();
    pending.add(second.promise);
    first.answer(true);
    expect(await isSettled(save)).toBe(false);
    second.answer(true);
    await expect(save).resolves.toBe(true);
  });

  it('LOOKUP-012 a key that matched none or several, or a lookup that failed, stops the save; later saves are not stopped by it', async () => {
    for (const settle of [(c: ReturnType<typeof deferred>) => c.answer(false), (c: ReturnType<typeof deferred>) => c.fail(new Error('503'))]) {
      const pending = pendingChecks();
      const bad = deferred();
      const good = deferred();
      pending.add(bad.promise);
      pending.add(good.promise);
      const save = pending.settled();
      settle(bad);
      expect(await isSettled(save)).toBe(false);
      good.answer(true);
      await expect(save).resolves.toBe(false);
      expect(pending.size).toBe(0);
      await expect(pending.settled()).resolves.toBe(true);
    }
  });

  it('LOOKUP-012 a check that answered before the save was pressed is not waited for (its field already shows the answer)', async () => {
    const pending = pendingChecks();
    const check = deferred();
    pending.add(check.promise);
    check.answer(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(pending.size).toBe(0);
    await expect(pending.settled()).resolves.toBe(true);
  });
});
