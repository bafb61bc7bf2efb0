/**
 * Grid bench page: `benchGrid('ours' | 'bare', rows)` mounts our GridTable (React wrapper, our
 * cell kinds, renderers and editors) or a bare Handsontable of the same data, and reports the
 * time to first paint and the time to scroll to the last row and paint it.
 */
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Handsontable from 'handsontable';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import type HandsontableBase from 'handsontable/base';
import { GridTable } from '../../web/src/components/data-grid/GridTable';
import { toTsv } from '../../web/src/components/data-grid/tsv';
import { isoToDisplay } from '../../web/src/components/fields/dates';
import { afterPaint } from './after-paint';
import { benchColumns, benchRecords } from './grid-data';

interface Result { firstPaint: number; scrollToLast: number; paste?: number }

const host = document.getElementById('root')!;
let root: Root | null = null;
let bare: Handsontable | null = null;

function reset() {
  root?.unmount();
  root = null;
  bare?.destroy();
  bare = null;
  host.innerHTML = '';
}

async function scrollToLast(hot: HandsontableBase, rows: number): Promise<number> {
  // As a user would: the grid has settled after loading before anyone scrolls.
  await new Promise((r) => setTimeout(r, 300));
  await afterPaint();
  const holder = hot.rootElement.querySelector('.ht_master .wtHolder') as HTMLElement;
  // Settled: the scrollable height covers every row (a scroll before that is clamped by the browser).
  for (let i = 0; i < 500 && holder.scrollHeight < rows * 30 * 0.9; i++) await new Promise((r) => setTimeout(r, 10));
  // The first programmatic scroll of a new grid is clamped by Chromium (it lands near the top);
  // a short scroll first, as a user's first wheel turn would be.
  hot.scrollViewportTo({ row: 40, col: 0 });
  await new Promise((r) => setTimeout(r, 200));
  await afterPaint();
  const t0 = performance.now();
  // The last row is painted once the grid has rendered it and the frame is painted. Polled with
  // idle gaps: Handsontable renders a scrolled viewport when the main thread is free.
  hot.scrollViewportTo({ row: rows - 1, col: 0 });
  for (let i = 0; i < 250 && !hot.getCell(rows - 1, 0); i++) await new Promise((r) => setTimeout(r, 20));
  const t = (await afterPaint()) - t0;
  return t;
}

async function ours(rows: number): Promise<Result> {
  const columns = benchColumns();
  const records = benchRecords(rows, columns);
  await afterPaint();
  const ref: { current: HandsontableBase | null } = { current: null };
  let savedBatch: (() => void) | null = null;
  let mounted!: () => void;
  const ready = new Promise<void>((r) => { mounted = r; });
  function Bench() {
    const hotRef = useRef<HandsontableBase | null>(null);
    useEffect(() => { ref.current = hotRef.current; mounted(); }, []);
    return (
      <GridTable columns={columns} records={records} keyField="Id" editable height={840} hotRef={hotRef}
        // The server's part is not measured here: it answers at once that every row was saved.
        onSave={async (rows) => ({ Saved: rows.map((r) => ({ Id: r.Key, RowVersion: r.RowVersion + 1, ...r.Changes })), Failed: [] })}
        onSaved={() => savedBatch?.()} />
    );
  }
  const t0 = performance.now();
  root = createRoot(host);
  root.render(<Bench />);
  await ready;
  const firstPaint = (await afterPaint()) - t0;
  const scrolled = await scrollToLast(ref.current!, rows);
  // Paste of 1,000 rows × 20 columns from Excel: parsed, converted, checked, one save, shown.
  const hot = ref.current!;
  hot.selectCell(0, 3);
  const tsv = toTsv(benchRecords(1000, columns).map((r) => columns.slice(3, 23).map((c) => {
    const v = r[c.field];
    return c.kind === 'date' ? isoToDisplay(v) : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);
  })));
  const done = new Promise<void>((r) => { savedBatch = r; });
  const data = new DataTransfer();
  data.setData('text/plain', tsv);
  const p0 = performance.now();
  document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  await done;
  const paste = (await afterPaint()) - p0;
  return { firstPaint, scrollToLast: scrolled, paste };
}

interface BareColumn { field: string; title: string; width: number; kind?: string }

/** A bare Handsontable of the rows (text and checkbox cells only): resolves with the time to its first paint. */
async function mountBare(records: object[], columns: readonly BareColumn[], height: number, frozen = 0): Promise<number> {
  await afterPaint();
  const t0 = performance.now();
  const el = document.createElement('div');
  host.append(el);
  bare = new Handsontable(el, {
    licenseKey: 'non-commercial-and-evaluation', themeName: 'ht-theme-main', data: records as Handsontable.RowObject[],
    columns: columns.map((c) => ({ data: c.field, type: c.kind === 'boolean' ? 'checkbox' : 'text' })),
    colHeaders: columns.map((c) => c.title), colWidths: columns.map((c) => c.width), rowHeights: 30,
    autoRowSize: false, autoColumnSize: false, wordWrap: false, width: '100%', height, fixedColumnsStart: frozen,
  });
  return (await afterPaint()) - t0;
}

async function bareGrid(rows: number): Promise<Result> {
  const columns = benchColumns();
  const firstPaint = await mountBare(benchRecords(rows, columns), columns, 840);
  return { firstPaint, scrollToLast: await scrollToLast(bare!, rows) };
}

/** A bare Handsontable fed given rows (a server answer), the first two columns frozen: time to first paint. */
async function bareRows(records: Record<string, unknown>[], columns: BareColumn[]): Promise<number> {
  reset();
  return mountBare(records, columns, 700, 2);
}

Object.assign(window, {
  benchBareRows: bareRows,
  benchGrid: async (kind: 'ours' | 'bare', rows: number) => { reset(); await afterPaint(); return kind === 'ours' ? ours(rows) : bareGrid(rows); },
  benchReady: true,
});
