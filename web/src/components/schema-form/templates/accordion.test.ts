import { describe, expect, it } from 'vitest';
import { resolveLayout } from '../layout';
import { drawnSections, openSections, sectionErrorCounts } from './accordion';

const sections = [
  { id: 'a', title: 'A', rows: [['X', 'Y']] },
  { id: 'b', title: 'B', rows: [['Z']], collapsed: true },
  { id: 'p', title: 'P', rows: [], panel: 'specLog' },
];

describe('accordion sections (CW-009)', () => {
  it("CW-009 a section starts open unless the layout collapses it; the user's choice wins", () => {
    expect(openSections(sections, {})).toEqual({ a: true, b: false, p: true });
    expect(openSections(sections, { a: false, b: true })).toEqual({ a: false, b: true, p: true });
  });
  it('counts the errors of each section from the error schema', () => {
    expect(sectionErrorCounts(sections, { Y: { __errors: ['x', 'y'] }, Z: { __errors: ['z'] }, Other: { __errors: ['o'] } })).toEqual({ a: 2, b: 1, p: 0 });
    expect(sectionErrorCounts(sections, undefined)).toEqual({ a: 0, b: 0, p: 0 });
  });
  it('a panel-only section is drawn only when the screen supplies its panel', () => {
    expect(drawnSections(sections, {}).map((s) => s.id)).toEqual(['a', 'b']);
    expect(drawnSections(sections, { specLog: 'log' }).map((s) => s.id)).toEqual(['a', 'b', 'p']);
  });
  it('the resolved layout keeps panel sections without fields and the collapsed mark', () => {
    const layout = {
      entity: 'x',
      sections: [
        { id: 'a', title: 'A', rows: [['X']], collapsed: true },
        { id: 'p', title: 'P', rows: [], panel: 'sizes' },
        { id: 'h', title: 'Hidden', rows: [['Hidden']] },
      ],
    };
    const resolved = resolveLayout(layout, { properties: { X: { type: 'string' } } });
    expect(resolved).toEqual([
      { id: 'a', title: 'A', rows: [['X']], collapsed: true },
      { id: 'p', title: 'P', rows: [], panel: 'sizes' },
    ]);
  });
});
