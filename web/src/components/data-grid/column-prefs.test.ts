import { describe, expect, it } from 'vitest';
import { applyPrefs, frozenCount, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveColumn, parsePrefs, withWidth } from './column-prefs';
import type { GridColumn } from './columns';

const cols = ['A', 'B', 'C', 'D'].map((field): GridColumn => ({ field, title: field, width: 50, kind: 'text', readOnly: false, nullable: true }));
const names = (c: GridColumn[]) => c.map((x) => x.field).join('');

describe('column preferences', () => {
  it('orders and hides columns as saved', () => {
    expect(names(applyPrefs(cols, { order: ['C', 'A', 'B', 'D'], hidden: ['B'] }))).toBe('CAD');
    expect(names(applyPrefs(cols, { order: [], hidden: [] }))).toBe('ABCD');
  });
  it('moves a column before another', () => {
    expect(moveColumn(['A', 'B', 'C'], 'C', 'A')).toEqual(['C', 'A', 'B']);
    expect(moveColumn(['A', 'B', 'C'], 'A', null)).toEqual(['B', 'C', 'A']);
  });
  it('tolerates a broken stored value', () => {
    expect(parsePrefs('nope')).toEqual({ order: [], hidden: [], widths: {} });
    expect(parsePrefs('{"order":["A"],"hidden":["B"]}')).toEqual({ order: ['A'], hidden: ['B'], widths: {} });
    expect(parsePrefs('{"order":[],"hidden":[],"widths":{"A":120,"B":"wide","C":5}}').widths).toEqual({ A: 120, C: MIN_COLUMN_WIDTH });
  });
  it('keeps the key columns first in the document order, whatever the saved order', () => {
    const keyed = cols.map((c, i) => (i < 2 ? { ...c, key: true } : c));
    const visible = applyPrefs(keyed, { order: ['D', 'C', 'B', 'A'], hidden: [] });
    expect(names(visible)).toBe('ABDC');
    expect(frozenCount(visible)).toBe(2);
    expect(frozenCount(applyPrefs(keyed, { order: [], hidden: ['A'] }))).toBe(1);
  });
  it('remembers a resized width, bounded, and applies it to that column only', () => {
    const prefs = withWidth(withWidth({ order: [], hidden: [] }, 'B', 173.6), 'C', 5000);
    expect(prefs.widths).toEqual({ B: 174, C: MAX_COLUMN_WIDTH });
    expect(applyPrefs(cols, prefs).map((c) => c.width)).toEqual([50, 174, MAX_COLUMN_WIDTH, 50]);
    // A dragged width is marked so the header fitting keeps it (header-width.ts).
    expect(applyPrefs(cols, prefs).map((c) => !!c.resized)).toEqual([false, true, true, false]);
    expect(parsePrefs(JSON.stringify(prefs))).toEqual({ order: [], hidden: [], widths: { B: 174, C: MAX_COLUMN_WIDTH } });
  });
});
