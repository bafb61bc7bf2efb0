/** Size ranges of a colorway and the user's size range presets (CW-067..073). */
import { intParam, queryParam } from '../../core/http/request';
import { perm, SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest } from '../../core/http/errors';
import { readRecord } from '../../core/records/read';
import { PRESETS_SAVED, type PresetDraft } from '../../domain/size-ranges';
import { readSizeRanges, regions, saveSizeRanges, widths, type SizeRangeSave } from './size-ranges';
import { deletePreset, readPresets, savePresets } from './size-range-presets';
import { HIERARCHY, withDeletedMessage } from '../hierarchy';

const COLORWAY = HIERARCHY[3];

export function sizeRangeRoutes(r: ApiRouter) {
  // CW-067: the size ranges of a colorway seasonal the user may read (brand, factory and deleted checks of the colorway).
  r.get('/api/Prototype/GetSizeRanges', perm('colorway', 'read'), { query: { PrototypeSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const id = intParam(c, 'PrototypeSeasonalId');
    await withDeletedMessage(COLORWAY, () => readRecord(ctx, c.get('user'), COLORWAY.entity, COLORWAY.key, id));
    return c.json(await readSizeRanges(ctx.db, id));
  });

  // CW-067, CW-069: the colorway's rows saved as a set at its RowVersion; answers the new version and rows.
  r.post('/api/Prototype/SaveSizeRanges', perm('colorway', 'edit'), { body: 'size-range-save' }, async (c) => {
    const saved = await withDeletedMessage(COLORWAY, () => saveSizeRanges(c.get('ctx'), c.get('user'), c.get('body') as SizeRangeSave));
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', ...saved });
  });

  // CW-064: the region and width lookups of the size range editor.
  r.get('/api/Prototype/GetSizeRegions', perm('colorway', 'read'), async (c) => c.json(await regions(c.get('ctx').db)));
  r.get('/api/Prototype/GetWidths', perm('colorway', 'read'), async (c) => c.json(await widths(c.get('ctx').db)));

  // CW-073: the signed-in user's own presets with their rows.
  r.get('/api/User/SizeRangePresets', SIGNED_IN, async (c) => c.json(await readPresets(c.get('ctx').db, c.get('user').userId)));

  // CW-070, CW-073: create or replace one or many presets.
  r.post('/api/User/SaveSizeRangePresets', SIGNED_IN, { body: 'size-range-presets-save' }, async (c) => {
    const presets = await savePresets(c.get('ctx'), c.get('user'), (c.get('body') as { Presets: PresetDraft[] }).Presets);
    return c.json({ IsSuccessful: true, Message: PRESETS_SAVED, Data: presets });
  });

  // CW-072, CW-073: delete one of one's own presets (?id).
  r.post('/api/User/DeleteSizeRangePreset', SIGNED_IN, { query: { id: 'id' } }, async (c) => {
    const id = Number(queryParam(c, 'id') ?? NaN);
    if (!Number.isInteger(id) || id < 1) throw badRequest('The parameter id is required.', [{ Field: 'id', Message: 'Required.' }]);
    await deletePreset(c.get('ctx'), c.get('user'), id);
    return c.json({ IsSuccessful: true, Message: 'Preset deleted.' });
  });
}
