/**
 * Child data of a /Search row (SEARCH-004/005, the Alt-click modal): a brief's patterns, a
 * pattern's colorways and a colorway's siblings (the other colorways of its pattern); a line
 * plan's briefs is GET /api/LinePlan/GetLinePlanBriefs (line-plans.ts). Each needs read of the
 * parent's module and of the children's; the parent must be a record the user may see (else 404,
 * like a missing one), and the children are the user's scope only (brands, factories) with only
 * the fields the user may see. Paged (CONST-008), through the records pipeline.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { can } from '../../core/auth/permissions';
import { AppError, permissionDenied } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { readRecord } from '../../core/records/read';
import { searchRecords } from '../../core/records/search';
import type { Condition } from '../../core/records/search-criteria';
import { recordDeleted } from './rules';
import { HIERARCHY } from './levels';

type Level = (typeof HIERARCHY)[number];
const [, BRIEF, PATTERN, COLORWAY] = HIERARCHY;

/** Largest page of a child list. */
const MAX_CHILD_PAGE = 500;

interface ChildCall {
  path: string;
  parent: Level;
  child: Level;
  /** The children's fields (the user's visible ones of these are answered). */
  fields: string[];
  sort: string;
  /** The children of the parent record: equal fields, plus conditions. */
  of: (parent: Record<string, unknown>) => { equals: Record<string, unknown>; conditions?: Condition[] };
}

const CHILD_CALLS: ChildCall[] = [
  {
    path: '/api/Brief/GetBriefPatterns',
    parent: BRIEF,
    child: PATTERN,
    sort: 'PatternName',
    fields: ['PatternSeasonalId', 'PatternId', 'PatternName', 'PatternNameKey', 'SeasonName', 'StatusName', 'GenderName', 'ResponsibleName'],
    of: (p) => ({ equals: { BriefSeasonalId: p.BriefSeasonalId } }),
  },
  {
    path: '/api/Pattern/GetPatternPrototypes',
    parent: PATTERN,
    child: COLORWAY,
    sort: 'PrototypeName',
    fields: ['PrototypeSeasonalId', 'StockNum', 'PrototypeName', 'ColorDesc', 'SeasonName', 'StatusName', 'Division', 'FactName'],
    of: (p) => ({ equals: { PatternSeasonalId: p.PatternSeasonalId } }),
  },
  {
    path: '/api/Prototype/GetPrototypeSiblings',
    parent: COLORWAY,
    child: COLORWAY,
    sort: 'PrototypeName',
    fields: ['PrototypeSeasonalId', 'StockNum', 'PrototypeName', 'ColorDesc', 'SeasonName', 'StatusName', 'Division', 'FactName'],
    of: (p) => ({ equals: { PatternSeasonalId: p.PatternSeasonalId }, conditions: [(param) => `prototypeseasonalid <> ${param(p.PrototypeSeasonalId)}`] }),
  },
];

async function parentOf(c: Context<AppEnv>, h: Level) {
  try {
    return await readRecord(c.get('ctx'), c.get('user'), h.entity, h.key, intParam(c, h.key));
  } catch (e) {
    if (e instanceof AppError && e.code === 'record_deleted') throw recordDeleted(h);
    throw e;
  }
}

export function childDataRoutes(r: ApiRouter) {
  for (const call of CHILD_CALLS) {
    r.get(call.path, perm(call.parent.module, 'read'), { query: { [call.parent.key]: 'id', pageNumber: 'id', pageSize: 'id' } }, async (c) => {
      if (!can(c.get('user'), call.child.module, 'read')) throw permissionDenied();
      const parent = await parentOf(c, call.parent);
      const pageSize = Math.min(Math.max(1, intParam(c, 'pageSize', 50)), MAX_CHILD_PAGE);
      return c.json(
        await searchRecords(
          c.get('ctx'),
          c.get('user'),
          call.child.entity,
          call.child.key,
          { pageNumber: Math.max(1, intParam(c, 'pageNumber', 1)), pageSize, sortColumn: call.sort, sortDirection: 'asc' },
          call.fields,
          call.of(parent),
        ),
      );
    });
  }
}
