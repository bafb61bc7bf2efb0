/** The timer chain under the job queue's worker, the embedded upkeep and the backup schedule (ADR 004, ADR 044, issue 29). */
import { describe, expect, it } from 'vitest';
import { timerChain } from './timer-chain';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('timerChain', () => {
  it('runs each turn after the delay the one before answered; a failed turn is reported and followed after its own delay', async () => {
    const at: number[] = [];
    const errors: string[] = [];
    const t0 = Date.now();
    const chain = timerChain(
      Promise.resolve(20),
      async () => {
        at.push(Date.now() - t0);
        if (at.length === 2) throw new Error('disk full');
        return at.length === 1 ? 300 : 10_000;
      },
      (err) => {
        errors.push((err as Error).message);
        return 50;
      },
    );
    await sleep(700);
    await chain.stop();
    expect(at).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(295);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(45);
    expect(at[2] - at[1]).toBeLessThan(295);
    expect(errors).toEqual(['disk full']);
  });

  it('stop waits for a turn under way and no turn starts after it', async () => {
    let turns = 0;
    let finished = false;
    const chain = timerChain(
      0,
      async () => {
        turns++;
        await sleep(150);
        finished = true;
        return 0;
      },
      () => 0,
    );
    await sleep(50);
    await chain.stop();
    expect(finished).toBe(true);
    await sleep(100);
    expect(turns).toBe(1);
  });

  it('wake takes the next turn now instead of after the answered delay', async () => {
    const at: number[] = [];
    const t0 = Date.now();
    const chain = timerChain(
      0,
      async () => {
        at.push(Date.now() - t0);
        return 60_000;
      },
      () => 60_000,
    );
    await sleep(50);
    expect(at).toHaveLength(1);
    chain.wake();
    await sleep(50);
    await chain.stop();
    expect(at).toHaveLength(2);
    expect(at[1]).toBeLessThan(95);
  });

  it('a wake during a turn runs one more turn right after it (not two at once, not none)', async () => {
    let turns = 0;
    let inTurn = 0;
    let most = 0;
    const chain = timerChain(
      0,
      async () => {
        turns++;
        most = Math.max(most, ++inTurn);
        await sleep(100);
        inTurn--;
        return 60_000;
      },
      () => 60_000,
    );
    await sleep(30);
    chain.wake();
    chain.wake();
    await sleep(300);
    await chain.stop();
    expect(turns).toBe(2);
    expect(most).toBe(1);
  });

  it('a wake before the first delay is known runs the first turn at once; a wake after stop does nothing', async () => {
    let turns = 0;
    let answer!: (ms: number) => void;
    const chain = timerChain(
      new Promise<number>((r) => (answer = r)),
      async () => {
        turns++;
        return 60_000;
      },
      () => 60_000,
    );
    chain.wake();
    answer(60_000);
    await sleep(50);
    expect(turns).toBe(1);
    await chain.stop();
    chain.wake();
    await sleep(50);
    expect(turns).toBe(1);
  });
});
