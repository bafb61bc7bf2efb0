/** Round axis ticks (1, 2 or 5 × 10^n apart) covering [min, max], about `count` of them (issue 16 calculator charts). */
export function chartTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? 10 * mag;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v < max + step - 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}
