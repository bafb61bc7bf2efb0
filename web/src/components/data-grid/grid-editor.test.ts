import { beforeAll, describe, expect, it } from 'vitest';
import type { GridRecord, SaveAnswer, SaveRow } from './change-batch';
import type { GridColumn } from './columns';
import { GridEditor, type SaveOutcome } from './grid-editor';

beforeAll(() => {
  globalThis.requestAnimationFrame ??= ((cb: () => void) => setTimeout(cb, 0)) as never;
});

const col = (field: string, kind: GridColumn['kind'], extra: Partial<GridColumn> = {}): GridColumn => ({
  field,
  title: field,
  width: 90,
  kind,
  readOnly: false,
  nullable: true,
  minimum: 0,
  ...extra,
});
const COLUMNS = [
  col('StockNum', 'text', { readOnly: true }),
  col('EstFFC', 'money'),
  col('FFC', 'money'),
  col('ServFee', 'numeric', { readOnly: true, lockReason: 'Computed from other values.' }),
];

type Answer = (rows: SaveRow[]) => Pick<SaveAnswer, 'Saved' | 'Failed'>;
/** Every sent row saved as sent, at the next version. */
const saveAll: Answer = (rows) => ({ Saved: rows.map((r) => ({ Id: r.Key, RowVersion: r.RowVersion + 1, ...r.Changes })), Failed: [] });

/** A GridEditor over plain records, a Handsontable stand-in and a server answering with `answer`. */
function setup(answer: Answer) {
  const records: GridRecord[] = [
    { Id: 1, RowVersion: 1, StatusId: 2, StatusName: 'Released', StockNum: 'A1', EstFFC: 1, FFC: 2, ServFee: 10 },
    { Id: 2, RowVersion: 1, StatusId: 3, StatusName: 'Completed', StockNum: 'A2', EstFFC: 3, FFC: 4, ServFee: 10 },
    { Id: 3, RowVersion: 1, StatusId: 1, StatusName: 'Created', StockNum: 'A3', EstFFC: 5, FFC: 6, ServFee: 10 },
  ];
  const sent: SaveRow[][] = [];
  const outcomes: SaveOutcome[] = [];
  const hot = { countRows: () => records.length, toPhysicalRow: (r: number) => r, selectCell: () => {}, getPlugin: () => undefined, render: () => {} };
  const host = {
    hot: () => hot as never,
    records: () => records,
    recordByKey: (k: number) => records.find((r) => r.Id === k),
    columns: () => COLUMNS,
    keyField: () => 'Id',
    errors: new Map(),
    unsaved: new Map(),
    save: async (rows: SaveRow[], onChunk: (a: SaveAnswer, done: number, total: number) => void) => {
      sent.push(rows);
      const a = answer(rows);
      onChunk({ IsSuccessful: !a.Failed.length, ...a }, rows.length, rows.length);
      return a;
    },
    onSaved: (o: SaveOutcome) => outcomes.push(o),
  };
  return { records, sent, outcomes, host, editor: new GridEditor(host) };
}

describe('grid editor: cells from the rules, nothing typed lost (issue 27)', () => {
  it('a paste skips the cells a Completed row and a read-only column lock, says how many and why, and sends nothing for them', async () => {
    const { records, sent, outcomes, editor } = setup(saveAll);
    await editor.paste(
      [
        ['11', '12', '99'],
        ['13', '14', '99'],
        ['15', '16', '99'],
      ],
      { row: 0, col: 1 },
      { row: 0, col: 1 },
    );
    expect(sent).toEqual([
      [
        { Key: 1, RowVersion: 1, Changes: { EstFFC: 11, FFC: 12 } },
        { Key: 3, RowVersion: 1, Changes: { EstFFC: 15, FFC: 16 } },
      ],
    ]);
    expect(outcomes).toEqual([
      { saved: 2, failed: 0, held: 0, skipped: '3 cells skipped: computed from other values; 2 cells skipped: read only in status Completed.' },
    ]);
    expect(records[1]).toMatchObject({ EstFFC: 3, FFC: 4, ServFee: 10 });
  });

  it('a row with a bad cell is held back: the bad cell red, the good ones kept unsaved; the fix sends them all', async () => {
    const { records, sent, host, editor } = setup(saveAll);
    await editor.paste([['11', '-5']], { row: 0, col: 1 }, { row: 0, col: 1 });
    expect(sent).toEqual([]);
    expect(records[0]).toMatchObject({ EstFFC: 11, FFC: '-5' });
    expect(host.errors.get(1)).toEqual(new Map([['FFC', 'Must be 0 or more.']]));
    expect(host.unsaved.get(1)).toEqual(
      new Map([
        ['EstFFC', 1],
        ['FFC', 2],
      ]),
    );
    await editor.commit([{ key: 1, field: 'FFC', value: 7, old: '-5' }]);
    expect(sent).toEqual([[{ Key: 1, RowVersion: 1, Changes: { FFC: 7, EstFFC: 11 } }]]);
    expect(host.unsaved.size).toBe(0);
    expect(host.errors.size).toBe(0);
    expect(records[0]).toMatchObject({ EstFFC: 11, FFC: 7, RowVersion: 2 });
  });

  it('a row the server refuses keeps the input, only the refused cell red; Ctrl+S sends it again; Esc puts the saved values back', async () => {
    let refuse = true;
    const { records, sent, host, editor } = setup((rows) =>
      refuse
        ? { Saved: [], Failed: rows.map((r) => ({ Key: r.Key, Status: 400, Message: 'Refused.', Errors: [{ Field: '/FFC', Message: 'No.' }] })) }
        : saveAll(rows),
    );
    await editor.paste([['21', '22']], { row: 2, col: 1 }, { row: 2, col: 1 });
    expect(records[2]).toMatchObject({ EstFFC: 21, FFC: 22, RowVersion: 1 });
    expect(host.errors.get(3)).toEqual(new Map([['FFC', 'No.']]));
    expect([...host.unsaved.get(3)!]).toEqual([
      ['EstFFC', 5],
      ['FFC', 6],
    ]);

    refuse = false;
    expect(await editor.resend()).toBe(1);
    expect(sent[1]).toEqual([{ Key: 3, RowVersion: 1, Changes: { EstFFC: 21, FFC: 22 } }]);
    expect(host.unsaved.size).toBe(0);
    expect(await editor.resend()).toBe(0);

    refuse = true;
    await editor.paste([['31']], { row: 0, col: 2 }, { row: 0, col: 2 });
    expect(editor.revert([1])).toBe(1);
    expect(records[0].FFC).toBe(2);
    expect(host.errors.has(1)).toBe(false);
  });

  it('the fill handle repeats the source rows over the target as one paste, skipping locked cells', async () => {
    const { sent, outcomes, editor } = setup(saveAll);
    await editor.fill([[8]], { top: { row: 1, col: 2 }, bottom: { row: 2, col: 2 } }, false);
    expect(sent).toEqual([[{ Key: 3, RowVersion: 1, Changes: { FFC: 8 } }]]);
    expect(outcomes[0].skipped).toBe('1 cell skipped: read only in status Completed.');
  });
});
