// Parses a legacy .xls (or an .ods, ADR 033) with SheetJS CE off the server's main thread (ADR 017): SheetJS reads the
// whole BIFF file in one synchronous call, seconds for a large sheet, which would stall every
// other request of the process. Answers the sheets with their cells as small plain tuples
// [column, type, value, numberFormat, formula, text]; the main thread turns them into cells.
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';

// SheetJS notes on stderr the .ods number formats it cannot render; only values are read here, so that note is noise.
const consoleError = console.error;
console.error = (...args) => {
  if (!String(args[0]).startsWith('ODS number format may be incorrect')) consoleError(...args);
};

try {
  const wb = XLSX.read(readFileSync(workerData.path), {
    type: 'buffer',
    dense: true,
    cellFormula: true,
    cellNF: true,
    cellDates: false,
    cellStyles: false,
    cellHTML: false,
    cellText: true,
  });
  const meta = wb.Workbook?.Sheets ?? [];
  const sheets = wb.SheetNames.map((name, i) => {
    const ws = wb.Sheets[name];
    const rows = [];
    (ws['!data'] ?? []).forEach((line, r) => {
      if (!line) return;
      const cells = [];
      line.forEach((c, col) => {
        if (c) cells.push([col + 1, c.t, c.v, c.z, c.f, c.w]);
      });
      if (cells.length) rows.push([r + 1, cells]);
    });
    return { name, hidden: Boolean(meta[i]?.Hidden), merges: ws['!merges'] ?? [], rows };
  });
  parentPort.postMessage({ sheets, date1904: Boolean(wb.Workbook?.WBProps?.date1904) });
} catch (err) {
  parentPort.postMessage({ error: String(err?.message ?? err) });
}
