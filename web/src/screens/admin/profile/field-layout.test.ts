import { describe, expect, it } from 'vitest';
import { moveField, normalise, renameField, rowsOf, saveRows, splitField, toggleHidden, type LayoutField } from './field-layout';

const f = (FieldId: string, Row: number, Hidden = false): LayoutField => ({ UserId: null, ModuleId: 5, FieldId, Row, Hidden });
const layout = [f('A', 0), f('B', 1), f('C', 1), f('D', 4)];

describe('field layout (PREF-017..019)', () => {
  it('PREF-017: rows are made dense and keep their order', () => {
    expect(normalise(layout).map((x) => `${x.FieldId}${x.Row}`)).toEqual(['A0', 'B1', 'C1', 'D2']);
  });
  it('moves a field between rows; a lone last field cannot open a new row', () => {
    expect(rowsOf(moveField(layout, 'C', -1)).map((r) => r.map((x) => x.FieldId).join())).toEqual(['A,C', 'B', 'D']);
    expect(rowsOf(moveField(layout, 'D', 1)).length).toBe(3);
    expect(rowsOf(moveField(layout, 'A', -1)).length).toBe(3);
  });
  it('splits a field onto its own row below', () => {
    expect(rowsOf(splitField(layout, 'B')).map((r) => r.map((x) => x.FieldId).join())).toEqual(['A', 'C', 'B', 'D']);
  });
  it('PREF-019: never more than 200 rows', () => {
    const many = Array.from({ length: 200 }, (_, i) => f(`F${i}`, i)).concat(f('X', 0));
    expect(rowsOf(splitField(many, 'X')).length).toBe(200);
  });
  it('PREF-018: the save rows carry the target user and hidden flags', () => {
    expect(saveRows(toggleHidden(layout, 'B'), 5, null)[1]).toEqual({ UserId: null, ModuleId: 5, FieldId: 'B', Row: 1, Hidden: true, Title: null });
  });
  it("PREF-017: a renamed field is saved with its title; a blank title goes back to the schema's", () => {
    const renamed = renameField(layout, 'C', ' Colour ');
    expect(saveRows(renamed, 5, 3)[2]).toEqual({ UserId: 3, ModuleId: 5, FieldId: 'C', Row: 1, Hidden: false, Title: 'Colour' });
    expect(saveRows(renameField(renamed, 'C', '  '), 5, 3)[2].Title).toBeNull();
  });
});
