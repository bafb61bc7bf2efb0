/**
 * The one Handsontable set-up of the app: every module registered once, its styles and theme
 * loaded, and the settings every grid shares (DataGrid's GridTable, OwnedGrid, the forecast pivot):
 * one-line cells of fixed height, no measuring of rows or columns, the grid filling its frame.
 */
import { registerAllModules } from 'handsontable/registry';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import './data-grid.css';

registerAllModules();

export const HOT_BASE = {
  licenseKey: 'non-commercial-and-evaluation', themeName: 'ht-theme-main', autoRowSize: false, autoColumnSize: false, wordWrap: false,
  width: '100%', height: '100%', minSpareRows: 0,
} as const;
