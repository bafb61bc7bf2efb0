import { describe, expect, it } from 'vitest';
import { batchChanges, chunkRows, failedToErrors, holdRow, isStale, recordsBefore, wrapMessage, writesAfterSave } from './change-batch';
import type { GridColumn } from './columns';

const col = (field: string, kind: GridColumn['kind'], extra: Partial<GridColumn> = {}): GridColumn => ({
  field,
  title: field,
  width: 90,
  kind,
  readOnly: false,
  nullable: true,
  ...extra,
});
const columns = [
  col('FFC', 'money', { minimum: 0, maximum: 999999.99 }),
  col('Name', 'text', { maxLength: 5 }),
  col('Done', 'boolean', { nullable: false }),
  col('When', 'date'),
  col('Stock', 'text', { readOnly: true }),
];
const list = [
  { Id: 1, RowVersion: 3, FFC: 10, Name: 'a', Done: false, When: null, Stock: 'S1' },
  { Id: 2, RowVersion: 5, FFC: 20, Name: 'b', Done: true, When: '2026-01-01', Stock: 'S2' },
  { Id: 3, RowVersion: 7, FFC: 30, Name: 'c', Done: false, When: null, Stock: 'S3' },
];
const records = new Map(list.map((r) => [r.Id, r]));

describe('change batching (one Save per paste or fill)', () => {
  it('groups cell changes by record with converted values', () => {
    const b = batchChanges(
      records,
      [
        { key: 1, field: 'FFC', value: '12.345' },
        { key: 1, field: 'Done', value: 'Yes' },
        { key: 2, field: 'When', value: '3/4/26' },
        { key: 2, field: 'Name', value: '' },
      ],
      columns,
    );
    expect(b.rows).toEqual([
      { Key: 1, RowVersion: 3, Changes: { FFC: 12.35, Done: true } },
      { Key: 2, RowVersion: 5, Changes: { When: '2026-03-04', Name: null } },
    ]);
    expect(b.invalid.size).toBe(0);
  });
  it('drops unchanged values and read-only columns', () => {
    const b = batchChanges(
      records,
      [
        { key: 1, field: 'FFC', value: '10' },
        { key: 1, field: 'Stock', value: 'X' },
      ],
      columns,
    );
    expect(b.rows).toEqual([]);
  });
  it('keeps a row with an invalid cell out of the call and names the cell', () => {
    const b = batchChanges(
      records,
      [
        { key: 1, field: 'FFC', value: 'abc' },
        { key: 1, field: 'Name', value: 'ok' },
        { key: 2, field: 'Name', value: 'too long' },
        { key: 3, field: 'FFC', value: '-1' },
        { key: 3, field: 'When', value: '2/30/26' },
      ],
      columns,
    );
    expect(b.rows).toEqual([]);
    expect(b.invalid.get(1)!.get('FFC')).toBe('Enter a number.');
    expect(b.invalid.get(2)!.get('Name')).toBe('At most 5 characters.');
    expect(b.invalid.get(3)!.get('FFC')).toBe('Must be 0 or more.');
    expect(b.invalid.get(3)!.get('When')).toBe('Enter a date as MM/DD/YYYY.');
  });
  it('splits more than 5000 rows into calls of 5000', () => {
    const rows = Array.from({ length: 12001 }, (_, i) => ({ Key: i + 1, RowVersion: 1, Changes: { FFC: 1 } }));
    expect(chunkRows(rows).map((c) => c.length)).toEqual([5000, 5000, 2001]);
  });
  it('rebuilds the records before an edit from the old values', () => {
    const edited = { ...list[0], FFC: 99, Name: 'z' };
    const b = recordsBefore(
      (k) => (k === 1 ? edited : undefined),
      [
        { key: 1, field: 'FFC', value: 50, old: 10 },
        { key: 1, field: 'FFC', value: 99, old: 50 },
        { key: 1, field: 'Name', value: 'z', old: 'a' },
        { key: 9, field: 'FFC', value: 1, old: 2 },
      ],
    );
    expect(b.get(1)).toMatchObject({ FFC: 10, Name: 'a' });
    expect(b.has(9)).toBe(false);
  });
  it('maps the server report to cell errors and writes back the saved values', () => {
    const errs = failedToErrors([
      { Key: 2, Status: 400, Message: 'Invalid', Errors: [{ Field: '/FFC', Message: 'must be >= 0' }] },
      { Key: 3, Status: 409, Message: 'Changed by someone else.' },
    ]);
    expect(errs.get(2)!.get('FFC')).toBe('must be >= 0');
    expect(errs.get(3)!.get('')).toBe('Changed by someone else.');
    const writes = writesAfterSave({ Saved: [{ Id: 1, RowVersion: 4, FFC: 12.35 }] }, 'Id', ['FFC']);
    expect(writes).toEqual([
      { key: 1, field: 'FFC', value: 12.35 },
      { key: 1, field: 'RowVersion', value: 4 },
    ]);
  });

  it('issue 27: a refused row keeps what the user entered, marked unsaved, and puts back only what the grid derived', () => {
    const saved = { Id: 2, RowVersion: 5, FFC: 20, Name: 'b', Done: false, When: null };
    // The user pasted FFC and Name; the preview checked Done and dated it.
    const rec: Record<string, unknown> = { ...saved, FFC: 25, Name: 'bb', Done: true, When: '2026-01-01' };
    const held = holdRow(rec, saved, new Set(['FFC', 'Name']), ['FFC', 'Name', 'Done', 'When']);
    expect(rec).toEqual({ ...saved, FFC: 25, Name: 'bb' });
    expect([...held]).toEqual([
      ['FFC', 20],
      ['Name', 'b'],
    ]);
    // A later refusal of the same row keeps the first saved value; a cell typed back to it is no longer unsaved.
    rec.Name = 'b';
    const again = holdRow(rec, { ...saved, FFC: 25, Name: 'bb' }, new Set(['Name']), ['FFC', 'Name'], held);
    expect([...again]).toEqual([['FFC', 20]]);
    expect(rec.FFC).toBe(25);
  });

  it('a 409 is stale only when someone else changed the row, not for a read-only status', () => {
    const message = 'This record was changed by Ann Lee on 2027-01-01 10:00 UTC after you opened it. Reload it to see the changes; nothing was saved.';
    expect(isStale({ Key: 1, Status: 409, Code: 'stale', Message: message, RowVersion: 4 })).toBe(true);
    expect(isStale({ Key: 1, Status: 409, Message: 'The colorway is in a read-only status.' })).toBe(false);
    expect(isStale({ Key: 1, Status: 409, Message: message })).toBe(false);
    expect(isStale({ Key: 1, Status: 400, Code: 'bad_request', Message: 'This record was changed by Ann after you opened it.' })).toBe(false);
  });

  it('FLASH-014: a screen wraps the messages of a refused row', () => {
    const wrap = wrapMessage('There was an error performing the update: {message}');
    const errors = failedToErrors([{ Key: 7, Status: 400, Message: 'Refused.', Errors: [{ Field: '/FFC', Message: 'Must be 0 or more.' }] }], wrap);
    expect(errors.get(7)?.get('FFC')).toBe('There was an error performing the update: Must be 0 or more.');
    expect(wrapMessage(undefined)('as is $&')).toBe('as is $&');
    expect(wrap('There was an error performing the update: Stale.')).toBe('There was an error performing the update: Stale.');
    expect(
      isStale({
        Key: 1,
        Status: 409,
        Code: 'stale',
        Message: wrap('This record was changed by Ann Lee on 2027-01-01 10:00 UTC after you opened it. Reload it.'),
      }),
    ).toBe(true);
  });
});
