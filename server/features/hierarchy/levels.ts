/**
 * The four levels of the product hierarchy (line plan, brief, pattern, colorway) as the shared calls
 * see them: entity, module, call names, key, deleted message; and the rules of calls that serve any level.
 */
import type { ModuleKey } from '../../core/auth/permissions';
import { anyOf } from '../../core/http/router';
import { AppError, badRequest } from '../../core/http/errors';
import { recordDeleted } from './rules';

export const HIERARCHY = [
  {
    level: 1,
    entity: 'line-plan',
    module: 'linePlan',
    area: 'LinePlan',
    get: 'GetLinePlan',
    search: 'SearchLinePlans',
    update: 'UpdateLinePlan',
    key: 'LinePlanId',
    deletedMessage: 'The Line Plan you are trying to access is deleted.',
  },
  {
    level: 2,
    entity: 'brief',
    module: 'brief',
    area: 'Brief',
    get: 'GetBriefSeasonal',
    search: 'SearchBriefs',
    update: 'UpdateBrief',
    key: 'BriefSeasonalId',
    deletedMessage: 'The Brief you are trying to access is deleted.',
  },
  {
    level: 3,
    entity: 'pattern',
    module: 'pattern',
    area: 'Pattern',
    get: 'GetPatternSeasonalDetails',
    search: 'SearchPatterns',
    update: 'UpdatePattern',
    key: 'PatternSeasonalId',
    deletedMessage: 'The Pattern you are trying to access is deleted.',
  },
  {
    level: 4,
    entity: 'colorway',
    module: 'colorway',
    area: 'Prototype',
    get: 'GetPrototypeSeasonalDetails',
    search: 'SearchPrototypes',
    update: 'UpdatePrototype',
    key: 'PrototypeSeasonalId',
    deletedMessage: 'Colorway Deleted: The Colorway you are trying to access is deleted.',
  },
] as const satisfies readonly { level: number; module: ModuleKey; [k: string]: string | number }[];

/** Rules of calls that serve any level (images, documents): the level's own check follows in the handler. */
export const READ_ANY_LEVEL = anyOf(...HIERARCHY.map((h) => [h.module, 'read'] as const));
export const EDIT_ANY_LEVEL = anyOf(...HIERARCHY.map((h) => [h.module, 'edit'] as const));

/** The entity's own deleted message instead of the generic one (LP-006, BRIEF-022, PAT-027, CW-061). */
export async function withDeletedMessage<T>(h: (typeof HIERARCHY)[number], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && e.code === 'record_deleted') throw recordDeleted(h);
    throw e;
  }
}

/** CONST-003: project levels line plan 1, brief 2, pattern 3, colorway 4. */
export function hierarchyLevel(level: number) {
  const h = HIERARCHY.find((x) => x.level === level);
  if (!h) throw badRequest('Unknown project level.', [{ Field: 'ProjectLevelId', Message: 'Must be 1 to 4.' }]);
  return h;
}
