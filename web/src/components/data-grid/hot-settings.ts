/**
 * The settings every screen-owned Handsontable grid of the app shares (fixed 30 px rows, no
 * auto-size, the theme, the license, the accessibility hook): spread into <HotTable> before the
 * grid's own columns and hooks. DataGrid (GridTable) has its own; the screen grids (process,
 * template, wizard, carryover volumes) had each spelled these out.
 */
import { labelCellEditor } from './hot-a11y';

export const SCREEN_GRID_SETTINGS = {
  licenseKey: 'non-commercial-and-evaluation',
  themeName: 'ht-theme-main',
  rowHeaders: true,
  rowHeights: 30,
  autoRowSize: false,
  autoColumnSize: false,
  wordWrap: false,
  width: '100%',
  height: '100%',
  outsideClickDeselects: false,
  afterInit: labelCellEditor as never,
} as const;
