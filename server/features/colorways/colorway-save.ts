/**
 * CW-048: one save of a colorway with everything its screen holds — colorway and seasonal fields
 * (records pipeline with the colorway rules), new spec log entries and size ranges — in one
 * transaction: either all of it is written or nothing (a bad size range row undoes the field changes).
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/http/errors';
import { readRecord } from '../../core/records/read';
import { updateRecordIn } from '../../core/records/write';
import { addColorwaySpecLogIn, placeOf } from './colorway-spec-log';
import { saveSizeRangesIn } from './size-ranges';

export interface ColorwayDataSave {
  PrototypeSeasonalId: number;
  RowVersion: number;
  Changes?: Record<string, unknown>;
  SpecLog?: string[];
  SizeRanges?: Record<string, unknown>[];
}

export async function saveColorwayData(ctx: AppContext, user: SessionUser, req: ColorwayDataSave, warnings: string[]) {
  const id = req.PrototypeSeasonalId;
  if (req.SizeRanges) {
    const errors = ctx.schemas.validate('request', 'size-range-save', { PrototypeSeasonalId: id, RowVersion: req.RowVersion, SizeRanges: req.SizeRanges });
    if (errors.length) throw badRequest('Please review all fields indicated in red.', errors);
  }
  await ctx.db.tx(async (q) => {
    const record = await updateRecordIn(ctx, q, user, 'colorway', 'PrototypeSeasonalId', {
      id,
      rowVersion: req.RowVersion,
      changes: req.Changes ?? {},
      warnings,
    });
    if (req.SizeRanges?.length) {
      await saveSizeRangesIn(ctx, q, user, { PrototypeSeasonalId: id, RowVersion: record.RowVersion as number, SizeRanges: req.SizeRanges });
    }
    for (const text of req.SpecLog ?? []) {
      if (text.trim()) await addColorwaySpecLogIn(ctx, q, user, placeOf(record), text.trim(), false);
    }
  });
  return readRecord(ctx, user, 'colorway', 'PrototypeSeasonalId', id);
}
