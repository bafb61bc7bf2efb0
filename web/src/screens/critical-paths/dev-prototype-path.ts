/**
 * The dev prototype critical path's documents and endpoints (CP-018..040): the details answer, the
 * final and actual process lists' ids and the fields a save sends of each, the date pairs checked
 * end ≥ start (CP-025), the titles of the stock numbers' flags.
 */
import type { Row } from './cp-rows';

export interface Details {
  Header: Row;
  FinalProcesses: Row[];
  ActualProcesses: Row[];
  StockNumbers: Row[];
  PurchaseOrders: Row[];
  CanBeCancelled: boolean;
}

export const DETAILS = '/api/CriticalPath/GetCriticalPathDevPrototypeDetails';
export const SAVE = '/api/CriticalPath/UpdateCriticalPathDevPrototype';
export const FINAL_ID = 'CriticalPathDevPrototypeFinalProcessId';
export const ACTUAL_ID = 'CriticalPathDevPrototypeActualProcessId';
export const FINAL_SEND = [
  FINAL_ID,
  'ProcessName',
  'SortOrder',
  'EstStartDate',
  'TargetDate',
  'RevStartDate',
  'RevisedTargetDate',
  'ActualCompleteDate',
  'CriticalPathProcessApprovedId',
  'ApprovedBy',
  'Notes',
  'Notes2',
];
export const ACTUAL_SEND = [ACTUAL_ID, 'ProcessName', 'SortOrder', 'ActualCompleteDate', 'Notes'];
export const DATE_PAIRS = [
  ['EstStartDate', 'TargetDate'],
  ['RevStartDate', 'RevisedTargetDate'],
] as const;

export const ENTITY = 'critical-path-dev-prototype';
export const FLAG_TITLES: Record<string, string> = {
  IsFinalSpecApprLocked: 'Final Spec',
  IsLeatherApproved: 'Leather',
  IsFinalCostConfCBDLoaded: 'Cost/CBD',
  IsThreeOneTestComplete: '3:1 Test',
  IsConfirmationSampleApproved: 'Conf. Sample',
  IsMatlRefFolderSigned: 'Matl. Folder',
  IsRSTestComplete: 'RS Test',
  IsModelSizeApproved: 'Model Size',
  IsConfSampleSent: 'Sample Sent',
};
