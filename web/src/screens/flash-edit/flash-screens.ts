/**
 * The five flash-edit screens (issue 12, FLASH-001/002): one generic screen, FlashEditScreen,
 * driven by this table. Each row names the grid document (schemas/grids/<gridId>.grid.json,
 * which declares the criteria, region views, link cell and texts), the route, the page title
 * and the navigation label, and the permission that opens it (the grid document's `read`; a
 * unit test keeps them equal).
 */
import type { PermissionPair } from '@domain/access';

export interface FlashScreen {
  gridId: string;
  /** Route without the leading slash (FLASH-001). */
  path: string;
  title: string;
  navLabel: string;
  /** The grid document's `read` pair (or its entity's module read). */
  read: PermissionPair;
}

export const FLASH_SCREENS: readonly FlashScreen[] = [
  { gridId: 'costing', path: 'flashEditCosting', title: 'Costing Flash Edit', navLabel: 'Costing', read: ['costing', 'read'] },
  { gridId: 'forecast', path: 'flashEditForecasting', title: 'Colorway Forecast', navLabel: 'Colorway forecast', read: ['forecasting', 'read'] },
  { gridId: 'pattern-forecast', path: 'flashEditPatternForecasting', title: 'Pattern Forecast', navLabel: 'Pattern forecast', read: ['forecasting', 'read'] },
  { gridId: 'hts', path: 'flashEditHTS', title: 'HTS Flash Edit', navLabel: 'HTS codes', read: ['hts', 'read'] },
  { gridId: 'prototype', path: 'flashEditPrototype', title: 'Colorway Flash Edit', navLabel: 'Colorway details', read: ['colorway', 'read'] },
];

export const flashScreenOf = (gridId: string) => FLASH_SCREENS.find((s) => s.gridId === gridId);
