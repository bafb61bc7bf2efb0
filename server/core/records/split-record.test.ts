import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linkRows, splitRecord, type EntitySchema } from './split-record';

const schemasDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/entities');
const load = (name: string): EntitySchema => JSON.parse(fs.readFileSync(path.join(schemasDir, `${name}.schema.json`), 'utf8'));

const merged: EntitySchema = {
  type: 'object',
  'x-tables': { things: 'ThingId', thing_seasonals: 'ThingSeasonalId' },
  properties: {
    ThingSeasonalId: { 'x-table': 'thing_seasonals' },
    ThingId: { 'x-table': 'things' },
    ThingName: { 'x-table': 'things' },
    SeasonId: { 'x-table': 'thing_seasonals' },
    SeasonName: {},
    RowVersion: { 'x-table': 'thing_seasonals' },
    ThingRowVersion: { 'x-table': 'things', 'x-column': 'rowversion' },
    TagIds: { 'x-link': { table: 'thing_tags', column: 'tagid' } },
    Pairs: { 'x-link': { table: 'thing_pairs', columns: ['a', 'b'] } },
  },
};

describe('splitRecord (ADR 002, CONST-002)', () => {
  it('puts each property in its x-table under its lower-cased column and copies the base key', () => {
    const rows = splitRecord(merged, { ThingSeasonalId: 7, ThingId: 3, ThingName: 'Ridgeline', SeasonId: 2, RowVersion: 4, ThingRowVersion: 9 });
    expect(rows).toEqual({
      things: { thingid: 3, thingname: 'Ridgeline', rowversion: 9 },
      thing_seasonals: { thingseasonalid: 7, seasonid: 2, rowversion: 4, thingid: 3 },
    });
  });

  it('skips derived properties, x-link properties and undefined values but keeps nulls', () => {
    const rows = splitRecord(merged, { ThingName: null, SeasonName: 'SS26', TagIds: [1], SeasonId: undefined });
    expect(rows).toEqual({ things: { thingname: null }, thing_seasonals: {} });
  });

  it('refuses a property whose x-table is not one of x-tables', () => {
    const bad: EntitySchema = { type: 'object', 'x-tables': { a: 'Id' }, properties: { Id: { 'x-table': 'a' }, X: { 'x-table': 'b' } } };
    expect(() => splitRecord(bad, { Id: 1, X: 2 })).toThrow(/X: x-table "b"/);
  });

  it('splits the real colorway schema into prototypes and prototype_seasonals', () => {
    const rows = splitRecord(load('colorway'), {
      PrototypeSeasonalId: 11,
      PrototypeId: 5,
      PrototypeName: 'Ridgeline Mid WP Black',
      FFC: 21.5,
      StatusName: 'Released',
    });
    expect(rows).toEqual({
      prototypes: { prototypeid: 5, prototypename: 'Ridgeline Mid WP Black' },
      prototype_seasonals: { prototypeseasonalid: 11, ffc: 21.5, prototypeid: 5 },
    });
  });
});

describe('linkRows', () => {
  it('gives one row per item with the owner key, scalar or tuple', () => {
    expect(linkRows(merged, { ThingId: 3, TagIds: [4, 5], Pairs: [[1, 2]] })).toEqual({
      thing_tags: [
        { thingid: 3, tagid: 4 },
        { thingid: 3, tagid: 5 },
      ],
      thing_pairs: [{ thingid: 3, a: 1, b: 2 }],
    });
  });

  it('gives an empty set for an empty array and nothing for an absent property', () => {
    expect(linkRows(merged, { ThingId: 3, TagIds: [] })).toEqual({ thing_tags: [] });
  });

  it('honours keyColumn (status transitions, LOOKUP-033)', () => {
    expect(linkRows(load('status'), { StatusId: 4, NextStatusIds: [1] })).toEqual({
      status_transitions: [{ fromstatusid: 4, tostatusid: 1 }],
    });
  });
});
