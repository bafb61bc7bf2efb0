/**
 * Excel's clipboard text (tab-separated, CRLF rows; a cell holding a tab, newline or quote is
 * quoted with doubled quotes). Parsing and writing it here keeps paste and copy exact for
 * multi-line cells and 1,000+ row pastes.
 */

/** Clipboard text → rows of cells. The trailing line break Excel adds makes no extra row. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n) {
    const ch = text[i];
    if (atCellStart && ch === '"') {
      // A quoted cell: runs to the closing quote; "" is a quote. Anything after the closing
      // quote up to the separator is kept as Excel does.
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          cell += text.slice(i);
          i = n;
          break;
        }
        cell += text.slice(i, q);
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      atCellStart = false;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    // Plain run up to the next separator.
    let j = i;
    while (j < n && text[j] !== '\t' && text[j] !== '\r' && text[j] !== '\n') j++;
    cell += text.slice(i, j);
    atCellStart = false;
    i = j;
  }
  if (!atCellStart || cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function quote(cell: string): string {
  return /[\t\r\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows of cells → clipboard text as Excel writes it (CRLF between and after rows). */
export function toTsv(rows: readonly (readonly unknown[])[]): string {
  return `${rows.map((r) => r.map((c) => quote(c === null || c === undefined ? '' : String(c))).join('\t')).join('\r\n')}\r\n`;
}
