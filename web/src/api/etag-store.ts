/**
 * The last answer of each GET call that came with an entity tag (the server's read cache, ADR 037),
 * kept in memory: the next call of the same URL sends If-None-Match, and a 304 reuses this copy
 * instead of moving and parsing the answer again. The server's tags are hashes of the answer's text
 * as the caller's audience gets it, so a 304 never hands one user another's answer. Bounded: the
 * least recently used go first beyond MAX_ENTRIES. Copies are handed out, so a caller that changes
 * its answer does not change the kept one.
 */
const MAX_ENTRIES = 200;

interface Kept {
  etag: string;
  body: unknown;
}

const kept = new Map<string, Kept>();

/** The tag to send for a URL, if an answer of it is kept. */
export function etagFor(url: string): string | undefined {
  return kept.get(url)?.etag;
}

/** Keeps an answer with its tag (the most recently used last). */
export function keepAnswer(url: string, etag: string, body: unknown) {
  kept.delete(url);
  kept.set(url, { etag, body: structuredClone(body) });
  while (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
}

/** The kept answer of a URL whose server said 304 for `etag`; undefined when it is not (or no longer) kept. */
export function keptAnswer(url: string, etag: string | null): { body: unknown } | undefined {
  const k = kept.get(url);
  if (!k || (etag !== null && etag !== k.etag)) return undefined;
  kept.delete(url);
  kept.set(url, k);
  return { body: structuredClone(k.body) };
}

/** Forgets every kept answer (a sign-out). */
export function forgetAnswers() {
  kept.clear();
}
