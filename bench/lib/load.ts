/** A small closed-loop load generator: `concurrency` workers send requests for `seconds` (or `count` in total). */
export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
}

export async function load(send: () => Promise<Response>, opts: { concurrency: number; seconds?: number; count?: number }): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const end = t0 + (opts.seconds ?? 3600) * 1000;
  const worker = async () => {
    while (performance.now() < end && (opts.count === undefined || started < opts.count)) {
      started++;
      const s = performance.now();
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) errors++;
      times.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
  return { requests: times.length, perSecond: times.length / elapsed, p50: pct(0.5), p95: pct(0.95), errors };
}
