import { describe, expect, it } from 'vitest';
import { gridColumns, inView, isEditable, shownField, type GridDocument } from './columns';
import { exportRow } from './export-rows';
import type { EntitySchema } from '../fields/field-kind';

const schema: EntitySchema = {
  properties: {
    OutsoleName: { title: 'Outsole Name', type: 'string', maxLength: 100 },
    BrandId: { title: 'Brand', type: 'integer', minimum: 1, 'x-ref': { source: 'brands', fixed: true } },
    SeasonId: { title: 'Season', type: 'integer', minimum: 1, 'x-ref': { source: 'seasons', scope: { BrandId: 'BrandId' }, fixed: true } },
    LinePlanLaunchDateId: { title: 'Launch Date', type: ['integer', 'null'], 'x-ref': { source: 'launchDates' } },
    PatternSeasonalId: { title: 'Pattern', type: 'integer', 'x-ref': { source: 'patterns', name: 'PatternName' }, readOnly: true },
    ChangedBy: { title: 'Changed By', type: 'integer', 'x-user': true, 'x-computed': true },
    StatusId: { title: 'Status', type: 'integer', 'x-ref': { source: 'statuses' } },
    Price: { title: 'Price', type: 'number', 'x-money': true },
  },
};
const grid = (fields: string[]): GridDocument => ({ id: 'g', entity: 'e', title: 'G', columns: fields.map((field) => ({ field, width: 100 })) });

describe('DataGrid reference columns (x-ref)', () => {
  it("a reference column shows the record's name field as text; fixed, read-only or computed references are read-only, others take a name from their choices", () => {
    const cols = gridColumns(
      grid(['OutsoleName', 'BrandId', 'SeasonId', 'LinePlanLaunchDateId', 'PatternSeasonalId', 'ChangedBy', 'StatusId', 'Price']),
      schema,
    );
    expect(cols.map((c) => [c.field, shownField(c), c.kind, c.readOnly])).toEqual([
      ['OutsoleName', 'OutsoleName', 'text', false],
      ['BrandId', 'BrandName', 'text', true],
      ['SeasonId', 'SeasonName', 'text', true],
      ['LinePlanLaunchDateId', 'LinePlanLaunchDateName', 'text', false],
      ['PatternSeasonalId', 'PatternName', 'text', true],
      ['ChangedBy', 'ChangedByName', 'text', true],
      ['StatusId', 'StatusName', 'text', false],
      ['Price', 'Price', 'money', false],
    ]);
    expect(cols.find((c) => c.field === 'StatusId')?.ref).toEqual({ source: 'statuses' });
  });

  it('a grid whose only references are fixed is read-only', () => {
    expect(isEditable(gridColumns(grid(['BrandId', 'SeasonId']), schema))).toBe(false);
    expect(isEditable(gridColumns(grid(['BrandId', 'Price']), schema))).toBe(true);
  });

  it('CONST-017 the export writes the name of a reference, never its id', () => {
    const cols = gridColumns(grid(['OutsoleName', 'BrandId', 'SeasonId', 'LinePlanLaunchDateId']), schema);
    const record = {
      OutsoleName: 'Trail',
      BrandId: 1,
      BrandName: 'Summit Ridge',
      SeasonId: 2,
      SeasonName: 'Spring/Summer 2026',
      LinePlanLaunchDateId: 7,
      LinePlanLaunchDateName: null,
    };
    expect(exportRow(record, cols)).toEqual(['Trail', 'Summit Ridge', 'Spring/Summer 2026', null]);
  });
});

describe('inView (FLASH region views)', () => {
  const cols = ['StockNum', 'USVolume', 'CAVolume', 'AsiaVolume', 'TotalVolume'].map((field) => ({ field }));
  const views = { NA: ['USVolume', 'CAVolume'], LAAP: ['AsiaVolume'], ALL: ['USVolume', 'CAVolume', 'AsiaVolume'] };
  it("shows the view's columns and every column in no view, in order", () => {
    expect(inView(cols, views, 'NA').map((c) => c.field)).toEqual(['StockNum', 'USVolume', 'CAVolume', 'TotalVolume']);
    expect(inView(cols, views, 'LAAP').map((c) => c.field)).toEqual(['StockNum', 'AsiaVolume', 'TotalVolume']);
    expect(inView(cols, views, 'ALL')).toHaveLength(5);
  });
  it('no views or an unknown view: all columns', () => {
    expect(inView(cols, undefined, 'NA')).toHaveLength(5);
    expect(inView(cols, views, 'nope')).toHaveLength(5);
  });
});
