/**
 * The four levels of the product hierarchy as the screens see them (server/features/hierarchy/routes.ts is
 * the server's side): read and update calls, key and name fields, screen paths and the Search
 * module that a deleted record sends the user to (DECISIONS SHELL-027).
 */
import type { ModuleKey } from '../../auth/permissions';

export interface HierarchyLevel {
  level: 1 | 2 | 3 | 4;
  entity: 'line-plan' | 'brief' | 'pattern' | 'colorway';
  module: ModuleKey;
  read: string;
  update: string;
  key: string;
  name: string;
  /** The record screen's path for an id. */
  path: (id: number | string) => string;
  /** Search grid of the level (schemas/grids). */
  searchGrid: string;
  title: string;
}

export const HIERARCHY: readonly HierarchyLevel[] = [
  {
    level: 1,
    entity: 'line-plan',
    module: 'linePlan',
    read: '/api/LinePlan/GetLinePlan',
    update: '/api/LinePlan/UpdateLinePlan',
    key: 'LinePlanId',
    name: 'LinePlanName',
    path: (id) => `/linePlan/${id}`,
    searchGrid: 'line-plan-search',
    title: 'Line Plan',
  },
  {
    level: 2,
    entity: 'brief',
    module: 'brief',
    read: '/api/Brief/GetBriefSeasonal',
    update: '/api/Brief/UpdateBrief',
    key: 'BriefSeasonalId',
    name: 'BriefName',
    path: (id) => `/brief/${id}`,
    searchGrid: 'brief-search',
    title: 'Brief',
  },
  {
    level: 3,
    entity: 'pattern',
    module: 'pattern',
    read: '/api/Pattern/GetPatternSeasonalDetails',
    update: '/api/Pattern/UpdatePattern',
    key: 'PatternSeasonalId',
    name: 'PatternName',
    path: (id) => `/pattern/${id}`,
    searchGrid: 'pattern-search',
    title: 'Pattern',
  },
  {
    level: 4,
    entity: 'colorway',
    module: 'colorway',
    read: '/api/Prototype/GetPrototypeSeasonalDetails',
    update: '/api/Prototype/UpdatePrototype',
    key: 'PrototypeSeasonalId',
    name: 'PrototypeName',
    path: (id) => `/colorway/${id}`,
    searchGrid: 'colorway-search',
    title: 'Colorway',
  },
];

export const levelOf = (entity: string) => HIERARCHY.find((h) => h.entity === entity);

/** Statuses 3..7 leave a record read-only (LP-011, PAT-012); only its status may change (the server's rule, @domain/statuses). */
export { isReadOnlyStatus } from '@domain/statuses';

/** Where a deleted record's screen goes (SHELL-027): Search with the level preselected. */
export const searchPathOf = (h: HierarchyLevel) => `/Search?searchModule=${h.level}`;
