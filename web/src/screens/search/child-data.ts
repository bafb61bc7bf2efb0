/**
 * The child-data modal's calls per search module (SEARCH-004/005): line plan → briefs, brief →
 * patterns, pattern → colorways, colorway → siblings (server/features/hierarchy/child-data-routes.ts, line-plans.ts).
 */
export interface ChildList {
  title: string;
  /** The call, with the parent's key as its query parameter. */
  path: string;
  parentKey: string;
  childKey: string;
  /** The children's screen. */
  childPath: (id: number) => string;
  columns: { field: string; title: string }[];
}

const PATTERN_COLUMNS = [
  { field: 'PatternName', title: 'Pattern' },
  { field: 'PatternNameKey', title: 'Pattern Key' },
  { field: 'SeasonName', title: 'Season' },
  { field: 'StatusName', title: 'Status' },
  { field: 'GenderName', title: 'Gender' },
  { field: 'ResponsibleName', title: 'Responsible' },
];
const COLORWAY_COLUMNS = [
  { field: 'StockNum', title: 'Stock Number' },
  { field: 'PrototypeName', title: 'Colorway' },
  { field: 'ColorDesc', title: 'Color' },
  { field: 'SeasonName', title: 'Season' },
  { field: 'StatusName', title: 'Status' },
  { field: 'Division', title: 'Division' },
  { field: 'FactName', title: 'Factory' },
];

export const CHILD_LISTS: Record<number, ChildList> = {
  1: {
    title: 'Line Plan Briefs',
    path: '/api/LinePlan/GetLinePlanBriefs',
    parentKey: 'LinePlanId',
    childKey: 'BriefSeasonalId',
    childPath: (id) => `/brief/${id}`,
    columns: [
      { field: 'BriefName', title: 'Brief' },
      { field: 'SeasonName', title: 'Season' },
      { field: 'StatusName', title: 'Status' },
      { field: 'ResponsibleName', title: 'Responsible' },
    ],
  },
  2: {
    title: 'Brief Patterns',
    path: '/api/Brief/GetBriefPatterns',
    parentKey: 'BriefSeasonalId',
    childKey: 'PatternSeasonalId',
    childPath: (id) => `/pattern/${id}`,
    columns: PATTERN_COLUMNS,
  },
  3: {
    title: 'Pattern Colorways',
    path: '/api/Pattern/GetPatternPrototypes',
    parentKey: 'PatternSeasonalId',
    childKey: 'PrototypeSeasonalId',
    childPath: (id) => `/colorway/${id}`,
    columns: COLORWAY_COLUMNS,
  },
  4: {
    title: 'Colorway Siblings',
    path: '/api/Prototype/GetPrototypeSiblings',
    parentKey: 'PrototypeSeasonalId',
    childKey: 'PrototypeSeasonalId',
    childPath: (id) => `/colorway/${id}`,
    columns: COLORWAY_COLUMNS,
  },
};
