/** The timer chain under the embedded upkeep and the backup schedule (ADR 044, issue 29). */
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
});
