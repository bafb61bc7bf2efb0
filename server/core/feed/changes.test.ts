import { describe, expect, it } from 'vitest';
import { parsePayload } from './changes';

describe('issue 30: change notifications', () => {
  it('records and jobs payloads read; anything else is not a batch', () => {
    expect(parsePayload('records colorway 10 25')).toEqual({ kind: 'records', entity: 'colorway', first: 10, last: 25 });
    expect(parsePayload('jobs 3 3 812')).toEqual({ kind: 'jobs', first: 3, last: 3 });
    for (const p of ['sessions', 'records colorway 1', 'records Bad_Name 1 2', 'presence {}', 'jobs x y', 'jobs 3 3']) expect(parsePayload(p)).toBeNull();
  });
});
