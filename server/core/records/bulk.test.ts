import { describe, expect, it } from 'vitest';
import { batchRows } from './bulk';

describe('ADR 013 / issue 31: rows a bulk save batch', () => {
  it('200 on the embedded database (its one connection is free between batches), 500 on a PostgreSQL server', () => {
    expect(batchRows({}, 'pglite')).toBe(200);
    expect(batchRows({}, 'postgres')).toBe(500);
  });

  it('BULK_BATCH_ROWS (config.bulkBatchRows) wins on both', () => {
    expect(batchRows({ bulkBatchRows: 10 }, 'pglite')).toBe(10);
    expect(batchRows({ bulkBatchRows: 1000 }, 'postgres')).toBe(1000);
  });
});
