import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv';

describe('TSV (Excel clipboard)', () => {
  it('parses rows and cells, ignoring the trailing line break', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\t\t\r\n')).toEqual([['a', '', '']]);
  });
  it('keeps quoted multi-line cells with doubled quotes', () => {
    expect(parseTsv('"line 1\r\nline 2"\tx\r\n"say ""hi"""\ty\r\n')).toEqual([
      ['line 1\r\nline 2', 'x'],
      ['say "hi"', 'y'],
    ]);
  });
  it('a quote inside an unquoted cell is text', () => {
    expect(parseTsv('5" heel\tz')).toEqual([['5" heel', 'z']]);
  });
  it('round-trips any table', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\t', '\n', '\r\n', '"', 'é', '1') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0].length;
        const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? 'x'));
        // An all-empty single-cell row is indistinguishable from no row in Excel's format too.
        fc.pre(!table.some((r) => r.length === 1 && r[0] === ''));
        expect(parseTsv(toTsv(table))).toEqual(table);
      }),
    );
  });
  it('parses 1,000 rows × 20 columns quickly', () => {
    const table = Array.from({ length: 1000 }, (_, r) => Array.from({ length: 20 }, (_, c) => (c === 3 ? `multi\nline ${r}` : `${r}.${c}`)));
    const t0 = performance.now();
    expect(parseTsv(toTsv(table))).toEqual(table);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
