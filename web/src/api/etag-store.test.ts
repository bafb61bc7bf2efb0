/** The web client's kept answers for If-None-Match (issue 31, ADR 037). */
import { beforeEach, describe, expect, it } from 'vitest';
import { etagFor, forgetAnswers, keepAnswer, keptAnswer } from './etag-store';

describe('etag store (issue 31: conditional GETs from the web client)', () => {
  beforeEach(() => forgetAnswers());

  it('sends the tag of the kept answer and hands a copy back on a 304', () => {
    keepAnswer('/api/x?id=1', '"a"', { Name: 'Summit', List: [1] });
    expect(etagFor('/api/x?id=1')).toBe('"a"');
    expect(etagFor('/api/x?id=2')).toBeUndefined();
    const first = keptAnswer('/api/x?id=1', '"a"')!.body as { Name: string; List: number[] };
    expect(first).toEqual({ Name: 'Summit', List: [1] });
    first.List.push(2);
    // A caller that changes its copy does not change the kept one.
    expect(keptAnswer('/api/x?id=1', null)!.body).toEqual({ Name: 'Summit', List: [1] });
  });

  it('a 304 naming another tag, or an answer forgotten by a sign-out, reuses nothing', () => {
    keepAnswer('/api/x', '"a"', 1);
    expect(keptAnswer('/api/x', '"b"')).toBeUndefined();
    forgetAnswers();
    expect(keptAnswer('/api/x', '"a"')).toBeUndefined();
    expect(etagFor('/api/x')).toBeUndefined();
  });

  it('keeps at most 200 answers, the least recently used going first', () => {
    for (let i = 0; i < 200; i++) keepAnswer(`/api/x/${i}`, `"${i}"`, i);
    keptAnswer('/api/x/0', '"0"');
    keepAnswer('/api/x/200', '"200"', 200);
    expect(etagFor('/api/x/0')).toBe('"0"');
    expect(etagFor('/api/x/1')).toBeUndefined();
    expect(etagFor('/api/x/200')).toBe('"200"');
  });
});
