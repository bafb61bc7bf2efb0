/**
 * An API test fails when the server logs an error it did not expect (console.error while the test
 * runs): a failure an answer hid (a change feed that stopped reading, a job that crashed, a read
 * cache that cannot listen) is the test's failure, not a line in CI's output. A test that breaks
 * something on purpose names the errors it expects with `expectServerErrors`. Errors logged between
 * tests (a server shutting down in afterAll) are not counted.
 *
 * The api project's setup file: its files share a worker's modules (no isolation), so console.error
 * is wrapped once per worker.
 */
import { format } from 'node:util';
import { afterEach, beforeEach, expect } from 'vitest';

interface Watch {
  seen: string[];
  expected: RegExp[];
}
const KEY = Symbol.for('plm.serverErrors');
const holder = globalThis as { [KEY]?: Watch };
const watch: Watch = (holder[KEY] ??= (() => {
  const w: Watch = { seen: [], expected: [] };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    w.seen.push(format(...args));
    original(...args);
  };
  return w;
})());

/** The errors this test makes the server log on purpose (each pattern may match any number of them). */
export function expectServerErrors(...patterns: RegExp[]) {
  watch.expected.push(...patterns);
}

beforeEach(() => {
  watch.seen = [];
  watch.expected = [];
});

afterEach(() => {
  const unexpected = watch.seen.filter((line) => !watch.expected.some((p) => p.test(line)));
  watch.seen = [];
  expect(unexpected, 'errors the server logged during the test').toEqual([]);
});
