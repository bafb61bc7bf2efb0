import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../fields/field-kind';
import { fieldTitles, formSchema, layoutFields, resolveLayout } from './layout';

const schema: EntitySchema = {
  properties: { A: { type: 'string' }, B: { type: 'string' }, C: { type: 'integer' }, D: { type: 'boolean' }, E: { type: 'string' } },
  required: ['A', 'C', 'Z'],
};
const layout = {
  entity: 'x',
  sections: [
    {
      id: 's1',
      title: 'One',
      rows: [
        ['A', 'B'],
        ['C', 'FFC'],
      ],
    },
    { id: 's2', title: 'Two', rows: [['D'], ['E']] },
    { id: 's3', title: 'Hidden only', rows: [['FFC']] },
  ],
};

describe('form layout', () => {
  it('PERM-029 leaves out fields missing from the filtered schema and empty sections', () => {
    const s = resolveLayout(layout, schema);
    expect(s.map((x) => x.id)).toEqual(['s1', 's2']);
    expect(s[0].rows).toEqual([['A', 'B'], ['C']]);
  });
  it('PREF-017 applies the effective field layout: Row regroups, Hidden removes', () => {
    const s = resolveLayout(layout, schema, [
      { FieldId: 'B', Row: 1 },
      { FieldId: 'E', Row: 3, Hidden: true },
      { FieldId: 'D', Row: 2 },
    ]);
    expect(s[0].rows).toEqual([['A'], ['B', 'C']]);
    expect(s[1].rows).toEqual([['D']]);
    expect(layoutFields(s)).toEqual(['A', 'B', 'C', 'D']);
  });
  it('the rendered schema holds only laid-out fields and their required ones', () => {
    const f = formSchema(schema, ['A', 'B']);
    expect(Object.keys(f.properties)).toEqual(['A', 'B']);
    expect(f.required).toEqual(['A']);
    expect(f).not.toHaveProperty('additionalProperties');
  });
  it('a computed or read-only field may be blank in the form; an editable one keeps its type', () => {
    const f = formSchema(
      { properties: { Total: { type: 'integer', 'x-computed': true }, Fee: { type: 'number', readOnly: true }, Qty: { type: 'integer' } } },
      ['Total', 'Fee', 'Qty'],
    );
    expect(f.properties.Total.type).toEqual(['integer', 'null']);
    expect(f.properties.Fee.type).toEqual(['number', 'null']);
    expect(f.properties.Qty.type).toBe('integer');
  });
  it("PREF-017 a field layout's Title renames the field in the rendered schema; blank or null keeps the schema's title", () => {
    const titled: EntitySchema = {
      properties: { A: { type: 'string', title: 'Alpha' }, B: { type: 'string', title: 'Beta' }, C: { type: 'string', title: 'Gamma' } },
    };
    const titles = fieldTitles([
      { FieldId: 'A', Row: 0, Title: ' First ' },
      { FieldId: 'B', Row: 0, Title: '  ' },
      { FieldId: 'C', Row: 1, Title: null },
    ]);
    expect([...titles]).toEqual([['A', 'First']]);
    const f = formSchema(titled, ['A', 'B', 'C'], titles);
    expect([f.properties.A.title, f.properties.B.title, f.properties.C.title]).toEqual(['First', 'Beta', 'Gamma']);
    expect(titled.properties.A.title).toBe('Alpha');
  });
});
