/**
 * One promise per key at a time: a second caller (React's double effect, a second component)
 * gets the running promise instead of repeating a one-time call such as a refresh or an
 * e-mail confirmation with a single-use code.
 */
const running = new Map<string, Promise<unknown>>();
const settled = new Map<string, Promise<unknown>>();

export function singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const current = running.get(key);
  if (current) return current as Promise<T>;
  const p = fn().finally(() => running.delete(key));
  running.set(key, p);
  return p;
}

/** Like singleFlight, but the result is kept: later callers get it without a new call. */
export function once<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const done = settled.get(key);
  if (done) return done as Promise<T>;
  const p = fn();
  settled.set(key, p);
  return p;
}
