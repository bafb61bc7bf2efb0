/**
 * The two critical paths with one process list (CP-018..028): dev pattern and commercialization,
 * each with its module, header documents, process grid, endpoints and the process fields a save sends.
 */
import type { ModuleKey } from '../../auth/permissions';
import type { Row } from './cp-rows';

/** A path as the details endpoint answers it (and the save, with the path as saved). */
export interface PathDetails {
  Header: Row;
  Processes: Row[];
  CanBeCancelled: boolean;
}

export interface PathConfig {
  title: string;
  module: ModuleKey;
  searchType: 1 | 3;
  report: 'DevPattern' | 'Commercialization';
  idField: string;
  processId: string;
  /** The header's entity and layout (its field layout is the module's), the process grid's document. */
  entity: string;
  grid: string;
  send: readonly string[];
  datePairs: readonly (readonly [string, string])[];
  detailsUrl: string;
  saveUrl: string;
  /** Fields of the header sent with every save besides the layout's editable ones and RowVersion. */
  extra: (h: Row) => Row;
}

export const DEV_PATTERN: PathConfig = {
  title: 'Dev Pattern Critical Path',
  module: 'criticalPathDevPattern',
  searchType: 1,
  report: 'DevPattern',
  idField: 'CriticalPathDevPatternId',
  processId: 'CriticalPathDevPatternProcessId',
  entity: 'critical-path-dev-pattern',
  grid: 'critical-path-dev-pattern-processes',
  send: ['CriticalPathDevPatternProcessId', 'ProcessName', 'SortOrder', 'TargetDate', 'ActualCompleteDate', 'Notes'],
  datePairs: [],
  detailsUrl: '/api/CriticalPath/GetCriticalPathDevPatternDetails?PatternSeasonalId=',
  saveUrl: '/api/CriticalPath/UpdateCriticalPathDevPattern',
  extra: (h) => ({ PatternSeasonalId: h.PatternSeasonalId }),
};

export const COMMERCIALIZATION: PathConfig = {
  title: 'Commercialization Critical Path',
  module: 'criticalPathCommercialization',
  searchType: 3,
  report: 'Commercialization',
  idField: 'CriticalPathCommercializationId',
  processId: 'CriticalPathCommercializationProcessId',
  entity: 'critical-path-commercialization',
  grid: 'critical-path-commercialization-processes',
  send: [
    'CriticalPathCommercializationProcessId',
    'ProcessName',
    'SortOrder',
    'EstStartDate',
    'EstEndDate',
    'RevStartDate',
    'RevEndDate',
    'CriticalPathProcessApprovedId',
    'ApprovedBy',
    'Notes',
  ],
  datePairs: [
    ['EstStartDate', 'EstEndDate'],
    ['RevStartDate', 'RevEndDate'],
  ],
  detailsUrl: '/api/CriticalPath/GetCriticalPathCommercializationDetails?CriticalPathCommercializationId=',
  saveUrl: '/api/CriticalPath/UpdateCriticalPathCommercialization',
  extra: () => ({}),
};
