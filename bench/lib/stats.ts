/** Order statistics of timings, one definition for every benchmark (no browser or server needed to import it). */
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The middle value (the upper one of an even count), as the benchmarks have always reported it. */
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];

export const p95 = (xs: number[]) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};
