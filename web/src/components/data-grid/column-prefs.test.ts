import { describe, expect, it } from 'vitest';
import { applyPrefs, moveColumn, parsePrefs } from './column-prefs';
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
    expect(parsePrefs('nope')).toEqual({ order: [], hidden: [] });
    expect(parsePrefs('{"order":["A"],"hidden":["B"]}')).toEqual({ order: ['A'], hidden: ['B'] });
  });
});
