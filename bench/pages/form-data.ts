/** A 150-field entity (text, notes, numbers, money, dates, booleans), its layout and a record. */
import type { EntitySchema, FieldSchema } from '../../web/src/components/fields/field-kind';
import type { LayoutDocument } from '../../web/src/components/fields/schema-docs';

const KINDS: FieldSchema[] = [
  { type: ['string', 'null'], maxLength: 100 },
  { type: ['string', 'null'], maxLength: 40 },
  { type: ['number', 'null'], minimum: 0, maximum: 999999.99, 'x-money': true },
  { type: ['integer', 'null'], minimum: 0 },
  { type: ['string', 'null'], format: 'date' },
  { type: 'boolean' },
  { type: ['string', 'null'], maxLength: 100 },
  { type: ['number', 'null'], minimum: 0, maximum: 100 },
  { type: ['string', 'null'], maxLength: 50 },
  { type: ['string', 'null'], maxLength: 1000 },
];

export const FIELDS = 150;

export const benchSchema: EntitySchema = {
  title: 'Bench',
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [`F${i}`, { title: `Field ${i}`, ...KINDS[i % KINDS.length] }])),
  required: ['F0', 'F1'],
};

export const benchLayout: LayoutDocument = {
  entity: 'bench',
  sections: Array.from({ length: 5 }, (_, s) => ({
    id: `s${s}`,
    title: `Section ${s + 1}`,
    rows: Array.from({ length: 10 }, (_, r) => [0, 1, 2].map((c) => `F${s * 30 + r * 3 + c}`)),
  })),
};

/** The same layout as an accordion (CW-009): the first section open, the other four collapsed. */
export const benchAccordionLayout: LayoutDocument = {
  ...benchLayout,
  sections: benchLayout.sections.map((s, i) => (i === 0 ? s : { ...s, collapsed: true })),
};

export const benchRecord: Record<string, unknown> = Object.fromEntries(
  Object.entries(benchSchema.properties).map(([f, p], i) => {
    const t = Array.isArray(p.type) ? p.type[0] : p.type;
    if (t === 'boolean') return [f, i % 2 === 0];
    if (t === 'number' || t === 'integer') return [f, (i * 3) % 100];
    if (p.format === 'date') return [f, '2026-03-04'];
    return [f, `Value ${i}`];
  }),
);
