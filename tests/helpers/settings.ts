/**
 * A setting that the server reads per call (SEARCH_EXACT_COUNT_LIMIT, SEARCH_TEXT_SORT_ALL_LIMIT…),
 * changed by a test. The read cache (ADR 037) keeps answers computed under the old value and nothing
 * in production changes such a setting while a process runs, so the test drops the kept answers too:
 * otherwise a second search would be the first one's answer and compare it with itself.
 */
import { readCache } from '../../server/core/records/read-cache';
import type { TestApp } from './test-app';

export async function setSetting(t: TestApp, name: string, value: string | undefined): Promise<void> {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  (await readCache(t.ctx.db)).clear();
}
