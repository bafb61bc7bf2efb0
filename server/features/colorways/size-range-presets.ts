/**
 * Size range presets (CW-070, CW-073): named sets of size range rows that belong to the user who
 * saved them (no other user reads, changes or deletes them). A save creates or replaces one or
 * many presets at once, each with a unique name among the user's presets, at least one row and the
 * region/width rule (CW-069); a new colorway may start from one of them (CW-064, 001 "wizard").
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import type { AppContext } from '../../core/context';
import { badRequest, notFound, type FieldError } from '../../core/http/errors';
import { recordAction } from '../../core/records/actions';
import { presetProblems, problemPath, problemsMessage, type PresetDraft, type Problem } from '../../domain/size-ranges';
import { sizeLookups, trimmed } from './size-ranges';

export interface PresetRow {
  RegionId: number;
  WidthId: number;
  SizeRange: string;
  RegionName: string;
  WidthName: string;
}
export interface Preset {
  SizeRangePresetId: number;
  PresetName: string;
  SizeRanges: PresetRow[];
}

/** The user's presets with their rows, by name. */
export async function readPresets(q: Queryable, userId: number): Promise<Preset[]> {
  const presets = await q.query<{ SizeRangePresetId: number; PresetName: string }>(
    'SELECT sizerangepresetid AS "SizeRangePresetId", presetname AS "PresetName" FROM size_range_presets WHERE userid = $1 ORDER BY lower(presetname), sizerangepresetid',
    [userId],
  );
  const rows = await q.query<PresetRow & { SizeRangePresetId: number }>(
    `SELECT p.sizerangepresetid AS "SizeRangePresetId", p.regionid AS "RegionId", p.widthid AS "WidthId", p.sizerange AS "SizeRange",
            r.regionname AS "RegionName", w.widthname AS "WidthName"
       FROM size_range_preset_rows p JOIN size_regions r USING (regionid) JOIN size_widths w USING (widthid)
      WHERE p.sizerangepresetid = ANY($1) ORDER BY p.regionid, p.widthid`,
    [presets.map((p) => p.SizeRangePresetId)],
  );
  return presets.map((p) => ({ ...p, SizeRanges: rows.filter((r) => r.SizeRangePresetId === p.SizeRangePresetId).map(({ SizeRangePresetId: _, ...r }) => r) }));
}

/** CW-073: saves the presets of the list (new ones without an id), all or nothing; answers the user's presets. */
export function savePresets(ctx: AppContext, user: SessionUser, presets: PresetDraft[]) {
  return ctx.db.tx(async (q) => {
    const own = await readPresets(q, user.userId);
    const ownIds = new Set(own.map((p) => p.SizeRangePresetId));
    const { known } = await sizeLookups(q);
    const errors: FieldError[] = [];
    const problems: Problem[] = [];
    presets.forEach((p, i) => {
      const id = p.SizeRangePresetId ?? undefined;
      if (id !== undefined && !ownIds.has(id)) errors.push({ Field: `/Presets/${i}/SizeRangePresetId`, Message: 'Not one of your presets.' });
      const otherNames = [
        ...own.filter((o) => o.SizeRangePresetId !== id && !presets.some((x) => x.SizeRangePresetId === o.SizeRangePresetId)).map((o) => o.PresetName),
        ...presets.slice(0, i).map((x) => x.PresetName ?? ''),
      ];
      const found = presetProblems(p, otherNames, known);
      problems.push(...found);
      errors.push(...found.map((f) => ({ Field: problemPath(`/Presets/${i}`, 'SizeRanges', f), Message: f.message })));
    });
    if (errors.length) throw badRequest(problemsMessage(problems) || 'Please review all fields indicated in red.', errors);

    for (const p of presets) {
      const name = String(p.PresetName).trim();
      let id = p.SizeRangePresetId ?? undefined;
      if (id === undefined) {
        [{ id }] = await q.query<{ id: number }>('INSERT INTO size_range_presets (userid, presetname) VALUES ($1, $2) RETURNING sizerangepresetid AS id', [
          user.userId,
          name,
        ]);
      } else {
        await q.query('UPDATE size_range_presets SET presetname = $2, changedon = now() WHERE sizerangepresetid = $1', [id, name]);
        await q.query('DELETE FROM size_range_preset_rows WHERE sizerangepresetid = $1', [id]);
      }
      for (const r of (p.SizeRanges ?? []).filter((x) => !x.IsDelete).map(trimmed)) {
        await q.query('INSERT INTO size_range_preset_rows (sizerangepresetid, regionid, widthid, sizerange) VALUES ($1, $2, $3, $4)', [
          id,
          r.RegionId,
          r.WidthId,
          r.SizeRange,
        ]);
      }
      await recordAction(q, user.userId, 'size-range-preset', id!, [{ field: 'Preset', oldValue: null, newValue: name }]);
    }
    return readPresets(q, user.userId);
  });
}

/** CW-072, CW-073: deletes one of the user's own presets; another user's preset is not found. */
export async function deletePreset(ctx: AppContext, user: SessionUser, id: number) {
  await ctx.db.tx(async (q) => {
    const [gone] = await q.query<{ presetname: string }>('DELETE FROM size_range_presets WHERE sizerangepresetid = $1 AND userid = $2 RETURNING presetname', [
      id,
      user.userId,
    ]);
    if (!gone) throw notFound('The preset was not found.');
    await recordAction(q, user.userId, 'size-range-preset', id, [{ field: 'Preset', oldValue: gone.presetname, newValue: null }]);
  });
}

/** The error of a SizeRangePresetId that is not one of the user's presets, if it is not. */
export async function presetIdError(q: Queryable, user: SessionUser, id: number | null | undefined): Promise<FieldError | null> {
  if (id === null || id === undefined) return null;
  const [mine] = await q.query('SELECT 1 FROM size_range_presets WHERE sizerangepresetid = $1 AND userid = $2', [id, user.userId]);
  return mine ? null : { Field: '/SizeRangePresetId', Message: 'Select one of your size range presets.' };
}

/** A new colorway seasonal starts with the preset's rows (inside the create transaction). */
export async function applyPreset(q: Queryable, presetId: number, prototypeSeasonalId: number) {
  await q.query(
    `INSERT INTO size_ranges (prototypeseasonalid, regionid, widthid, sizerange)
     SELECT $2, regionid, widthid, sizerange FROM size_range_preset_rows WHERE sizerangepresetid = $1`,
    [presetId, prototypeSeasonalId],
  );
}
