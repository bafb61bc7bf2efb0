import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { parsePayload, readBatches, type ChangedRecord, type JobBatch, type RecordBatch } from './changes';

describe('issue 30: change notifications', () => {
  it('records and jobs payloads read; anything else is not a batch', () => {
    expect(parsePayload('records colorway 10 25')).toEqual({ kind: 'records', entity: 'colorway', first: 10, last: 25 });
    expect(parsePayload('jobs 3 3 812')).toEqual({ kind: 'jobs', first: 3, last: 3 });
    for (const p of ['sessions', 'records colorway 1', 'records Bad_Name 1 2', 'presence {}', 'jobs x y', 'jobs 3 3']) expect(parsePayload(p)).toBeNull();
  });

  it("notifications read together: one batch per entity with its records merged (changed fields joined, the later read's values), job batches as they came", async () => {
    const rec = (key: number, changed: string[], v: number): ChangedRecord => ({ key, values: { FFC: v }, changed, by: 'U', byId: 1, at: `t${v}` });
    const reads: Record<number, RecordBatch | JobBatch | null> = {
      1: { kind: 'records', entity: 'colorway', records: [rec(7, ['FFC'], 1), rec(8, ['FFC'], 1)] },
      2: { kind: 'jobs', rows: [{ JobId: 4 }] },
      3: { kind: 'records', entity: 'pattern', records: [rec(2, ['Name'], 1)] },
      4: { kind: 'records', entity: 'colorway', records: [rec(8, ['EstFFC'], 2), rec(9, ['FFC'], 2)] },
      5: null,
    };
    const read = {
      records: async (_c: AppContext, _e: string, first: number) => reads[first] as RecordBatch | null,
      jobs: async (_c: AppContext, first: number) => reads[first] as JobBatch | null,
    };
    const payloads = ['records colorway 1 1', 'jobs 2 2 9', 'records pattern 3 3', 'records colorway 4 4', 'records colorway 5 5'].map((p) => parsePayload(p)!);
    const batches = await readBatches({} as AppContext, payloads, read);
    expect(batches).toEqual([
      { kind: 'records', entity: 'colorway', records: [rec(7, ['FFC'], 1), { ...rec(8, ['FFC', 'EstFFC'], 2) }, rec(9, ['FFC'], 2)] },
      { kind: 'jobs', rows: [{ JobId: 4 }] },
      { kind: 'records', entity: 'pattern', records: [rec(2, ['Name'], 1)] },
    ]);
  });
});
