import { describe, expect, it } from 'vitest';
import {
  blankPreset,
  blankRow,
  changedPresets,
  checkPresets,
  checkRows,
  draftOf,
  DUPLICATE_COMBINATION,
  NO_DEFAULT_VALUE,
  presetBody,
  presetDraftOf,
  REVIEW_FIELDS,
  rowErrors,
  saveItems,
  serverCells,
  serverPresetCells,
  withFreshPresets,
  withPreset,
  withPresetChange,
  type RowDraft,
} from './size-range-drafts';

const saved = [
  { SizeRangeId: 11, RegionId: 1, WidthId: 1, SizeRange: '7-13' },
  { SizeRangeId: 12, RegionId: 2, WidthId: 1, SizeRange: '40-47' },
];

describe('colorway rows (prototype mode)', () => {
  it('CW-071 empty cells are red with the review message', () => {
    const rows = [...saved.map(draftOf), blankRow()];
    const check = checkRows(rows);
    expect(check.message).toBe(REVIEW_FIELDS);
    expect([...check.cells.keys()]).toEqual([`${rows[2].k}/RegionId`, `${rows[2].k}/WidthId`, `${rows[2].k}/SizeRange`]);
  });

  it('CW-069 a repeated region/width is marked on the later row before sending', () => {
    const rows: RowDraft[] = [...saved.map(draftOf), { ...blankRow(), RegionId: 2, WidthId: 1, SizeRange: '39-46' }];
    const check = checkRows(rows);
    expect(check.message).toBe(DUPLICATE_COMBINATION);
    expect(check.cells.get(`${rows[2].k}/WidthId`)).toBe(DUPLICATE_COMBINATION);
    expect(check.cells.has(`${rows[1].k}/WidthId`)).toBe(false);
  });

  it('CW-067 a save sends every row in screen order, trimmed, then the removed saved rows as IsDelete', () => {
    const rows: RowDraft[] = [
      { ...draftOf(saved[0]), SizeRange: ' 6-12 ' },
      { ...blankRow(), RegionId: 3, WidthId: 2, SizeRange: '5-11' },
    ];
    expect(saveItems(saved, rows)).toEqual([
      { SizeRangeId: 11, RegionId: 1, WidthId: 1, SizeRange: '6-12' },
      { RegionId: 3, WidthId: 2, SizeRange: '5-11' },
      { SizeRangeId: 12, IsDelete: true },
    ]);
  });

  it("CW-069 the server's field errors land on the rows they name", () => {
    const rows = saved.map(draftOf);
    const cells = serverCells(
      [
        { Field: '/SizeRanges/1/WidthId', Message: DUPLICATE_COMBINATION },
        { Field: '/SizeRanges/5/RegionId', Message: 'x' },
      ],
      rows,
    );
    expect([...cells]).toEqual([[`${rows[1].k}/WidthId`, DUPLICATE_COMBINATION]]);
  });

  it("CW-071 the red cells become the grid's errors by row key and field", () => {
    const rows = [...saved.map(draftOf), blankRow()];
    const errors = rowErrors(checkRows(rows).cells);
    expect([...errors.keys()]).toEqual([rows[2].k]);
    expect(Object.fromEntries(errors.get(rows[2].k)!)).toEqual({ RegionId: 'Required.', WidthId: 'Required.', SizeRange: 'Required.' });
  });

  it('CW-068 applying a preset fills new combinations and overwrites the size range of existing ones', () => {
    const rows = saved.map(draftOf);
    const next = withPreset(rows, {
      SizeRangePresetId: 1,
      PresetName: 'P',
      SizeRanges: [
        { RegionId: 2, WidthId: 1, SizeRange: '41-46' },
        { RegionId: 3, WidthId: 2, SizeRange: '6-11' },
      ],
    });
    expect(next.map((r) => [r.SizeRangeId, r.RegionId, r.WidthId, r.SizeRange])).toEqual([
      [11, 1, 1, '7-13'],
      [12, 2, 1, '41-46'],
      [undefined, 3, 2, '6-11'],
    ]);
    expect(checkRows(next).message).toBeNull();
  });
});

describe('presets (manage mode)', () => {
  const stored = [{ SizeRangePresetId: 5, PresetName: 'Mens', SizeRanges: [saved[0]] }];

  it('CW-070 a new preset without rows says You must add at least one default value.; a missing name is red', () => {
    const empty = { ...blankPreset(), PresetName: 'Kids', rows: [] };
    let check = checkPresets([...stored.map(presetDraftOf), empty]);
    expect(check.message).toBe(NO_DEFAULT_VALUE);
    expect(check.cells.get(`${empty.k}/rows`)).toBe(NO_DEFAULT_VALUE);
    const nameless = { ...blankPreset(), rows: [draftOf(saved[1])] };
    check = checkPresets([nameless]);
    expect(check.message).toBe(REVIEW_FIELDS);
    expect(check.cells.get(`${nameless.k}/PresetName`)).toBe('Required.');
  });

  it('CW-070 a name already used by another preset is red; unchanged presets are not checked or sent', () => {
    const drafts = stored.map(presetDraftOf);
    const copy = { ...blankPreset(), PresetName: 'MENS', rows: [draftOf(saved[1])] };
    expect(checkPresets([...drafts, copy]).cells.get(`${copy.k}/PresetName`)).toBe('A preset with this name already exists.');
    expect(changedPresets([...drafts, copy])).toEqual([copy]);
    expect(checkPresets(drafts).message).toBeNull();
  });

  it('CW-073 presets read again (a delete, a save) keep the unsaved edits of the others; the ones a save sent take their stored values', () => {
    const fresh = [
      { SizeRangePresetId: 5, PresetName: 'Mens', SizeRanges: [saved[0]] },
      { SizeRangePresetId: 6, PresetName: 'Kids', SizeRanges: [saved[1]] },
      { SizeRangePresetId: 7, PresetName: 'Womens', SizeRanges: [saved[1]] },
    ];
    const [mens, kids, womens] = fresh.map(presetDraftOf);
    const [renamed] = withPresetChange([mens], mens.k, { PresetName: 'Mens Trail' });
    const [gone] = withPresetChange([womens], womens.k, { PresetName: 'Womens (deleted elsewhere)' });
    const added = { ...blankPreset(), PresetName: 'New', rows: [draftOf(saved[1])] };
    // Kids deleted: the read without it keeps the rename, the preset deleted elsewhere and the new one, as typed.
    const afterDelete = withFreshPresets([renamed, kids, gone, added], [fresh[0]]);
    expect(afterDelete.map((d) => [d.SizeRangePresetId, d.PresetName, d.dirty])).toEqual([
      [5, 'Mens Trail', true],
      [7, 'Womens (deleted elsewhere)', true],
      [undefined, 'New', true],
    ]);
    // A save sent the rename and the new preset: they take the stored values; nothing else changes.
    const stored = [{ ...fresh[0], PresetName: 'Mens Trail' }, fresh[2], { SizeRangePresetId: 9, PresetName: 'New', SizeRanges: [saved[1]] }];
    const afterSave = withFreshPresets(afterDelete, stored, new Set([afterDelete[0], afterDelete[2]]));
    expect(afterSave.map((d) => [d.SizeRangePresetId, d.PresetName, d.dirty])).toEqual([
      [5, 'Mens Trail', false],
      [7, 'Womens (deleted elsewhere)', true],
      [9, 'New', false],
    ]);
  });

  it('CW-073 the save body: new presets without an id, changed ones with theirs, trimmed', () => {
    const drafts = stored.map(presetDraftOf);
    const [renamed] = withPresetChange(drafts, drafts[0].k, { PresetName: ' Men ' });
    expect(renamed.dirty).toBe(true);
    expect(presetBody([renamed, { ...blankPreset(), PresetName: 'New', rows: [draftOf(saved[1])] }])).toEqual({
      Presets: [
        { SizeRangePresetId: 5, PresetName: 'Men', SizeRanges: [{ RegionId: 1, WidthId: 1, SizeRange: '7-13' }] },
        { PresetName: 'New', SizeRanges: [{ RegionId: 2, WidthId: 1, SizeRange: '40-47' }] },
      ],
    });
  });

  it("CW-069 the server's errors of a presets save land on the preset, its list or its cells", () => {
    const p = { ...blankPreset(), PresetName: 'A', rows: [draftOf(saved[0]), draftOf(saved[0])] };
    const cells = serverPresetCells(
      [
        { Field: '/Presets/0/SizeRanges/1/RegionId', Message: DUPLICATE_COMBINATION },
        { Field: '/Presets/0/PresetName', Message: 'Required.' },
        { Field: '/Presets/0/SizeRanges', Message: NO_DEFAULT_VALUE },
      ],
      [p],
    );
    expect([...cells]).toEqual([
      [`${p.k}/${p.rows[1].k}/RegionId`, DUPLICATE_COMBINATION],
      [`${p.k}/PresetName`, 'Required.'],
      [`${p.k}/rows`, NO_DEFAULT_VALUE],
    ]);
    // The preset's grid gets its own rows' cells only; the name and the list stay the preset's.
    expect([...rowErrors(cells, `${p.k}/`)]).toEqual([[p.rows[1].k, new Map([['RegionId', DUPLICATE_COMBINATION]])]]);
    expect(rowErrors(cells, `${p.k + 1000}/`).size).toBe(0);
  });
});
