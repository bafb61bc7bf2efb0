import { describe, expect, it } from 'vitest';
import {
  describeRows,
  DUPLICATE_COMBINATION,
  NO_DEFAULT_VALUE,
  presetProblems,
  problemPath,
  problemsMessage,
  REVIEW_FIELDS,
  sizeRangeProblems,
} from './size-ranges';

const known = { regions: new Set([1, 2, 3, 4]), widths: new Set([1, 2, 3, 4]) };

describe('size range rows', () => {
  it('CW-067 a complete row has no problems', () => {
    expect(sizeRangeProblems([{ RegionId: 1, WidthId: 1, SizeRange: '7-13' }], [], known)).toEqual([]);
  });

  it('CW-071 region, width and size range are required; unknown ids and long texts are refused', () => {
    expect(
      sizeRangeProblems(
        [
          { RegionId: null, WidthId: 9, SizeRange: '  ' },
          { RegionId: 7, WidthId: 1, SizeRange: 'x'.repeat(51) },
        ],
        [],
        known,
      ),
    ).toEqual([
      { row: 0, field: 'RegionId', message: 'Required.' },
      { row: 0, field: 'WidthId', message: 'Select a width.' },
      { row: 0, field: 'SizeRange', message: 'Required.' },
      { row: 1, field: 'RegionId', message: 'Select a region.' },
      { row: 1, field: 'SizeRange', message: 'At most 50 characters.' },
    ]);
  });

  it('CW-069 a region/width combination twice marks the later row; deleted rows do not count; kept rows do', () => {
    const rows = [
      { RegionId: 1, WidthId: 1, SizeRange: '7' },
      { RegionId: 1, WidthId: 2, SizeRange: '7' },
      { RegionId: 1, WidthId: 1, SizeRange: '8' },
    ];
    expect(sizeRangeProblems(rows)).toEqual([
      { row: 2, field: 'RegionId', message: DUPLICATE_COMBINATION },
      { row: 2, field: 'WidthId', message: DUPLICATE_COMBINATION },
    ]);
    expect(sizeRangeProblems([{ ...rows[0], IsDelete: true }, rows[2]])).toEqual([]);
    expect(sizeRangeProblems([rows[1]], [{ RegionId: 1, WidthId: 2 }]).map((p) => p.row)).toEqual([0, 0]);
  });
});

describe('presets', () => {
  it('CW-070 a preset needs a name and at least one (not deleted) row', () => {
    expect(presetProblems({ PresetName: '', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7', IsDelete: true }] })).toEqual([
      { field: 'PresetName', message: 'Required.' },
      { message: NO_DEFAULT_VALUE },
    ]);
    expect(presetProblems({ PresetName: 'Mens', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] })).toEqual([]);
  });

  it('CW-070 names are unique without case among the other presets', () => {
    expect(presetProblems({ PresetName: ' mens ', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7' }] }, ['Mens'])).toEqual([
      { field: 'PresetName', message: 'A preset with this name already exists.' },
    ]);
  });
});

describe('messages and paths', () => {
  it('CW-069 CW-070 CW-071 the message names the review first, then the rules broken', () => {
    expect(problemsMessage([{ message: NO_DEFAULT_VALUE }])).toBe(NO_DEFAULT_VALUE);
    expect(problemsMessage([{ row: 1, field: 'RegionId', message: DUPLICATE_COMBINATION }])).toBe(DUPLICATE_COMBINATION);
    expect(problemsMessage([{ field: 'PresetName', message: 'Required.' }, { message: NO_DEFAULT_VALUE }])).toBe(`${REVIEW_FIELDS} ${NO_DEFAULT_VALUE}`);
  });

  it('field paths of rows, of the list and of the name', () => {
    expect(problemPath('', 'SizeRanges', { row: 2, field: 'WidthId', message: '' })).toBe('/SizeRanges/2/WidthId');
    expect(problemPath('/Presets/1', 'SizeRanges', { message: '' })).toBe('/Presets/1/SizeRanges');
    expect(problemPath('/Presets/1', 'SizeRanges', { field: 'PresetName', message: '' })).toBe('/Presets/1/PresetName');
  });

  it('history text of a set of rows', () => {
    expect(
      describeRows(
        [{ RegionId: 1, WidthId: 2, SizeRange: '7-13' }],
        (id) => ['', 'US'][id],
        (id) => ['', '', 'Wide'][id],
      ),
    ).toBe('US Wide 7-13');
  });
});
