/**
 * The Export of a DataGrid: every record of its query to `{report}-Export.xlsx`, built by the
 * server (the user's visible fields, or the columns a screen holds, in their order), by the screen
 * (`source.exportFile`), or by the browser where the server has no export for the grid.
 */
import { useState } from 'react';
import { saveFile } from '../../api/http';
import { toast } from '../../shell/toast-store';
import type { GridRecord } from './change-batch';
import type { GridColumn } from './columns';
import { exportGrid, type GridQuery } from './grid-api';
import type { ColumnState } from './use-column-prefs';
import type { RowSource } from './use-grid-records';

/** Said when an export fails (SEARCH-012's wording, for every grid). */
export const EXPORT_FAILED = 'An unexpected error occurred exporting the file.';

interface ExportSource {
  gridId: string;
  /** The export file's report name. */
  report: string;
  source?: RowSource;
  columnState?: ColumnState;
  /** The search body of the records shown, and every record in its sort. */
  query: GridQuery;
  all: () => Promise<GridRecord[]>;
  /** The columns shown, and the fields hidden (the user's or the screen's) and left out. */
  visible: readonly GridColumn[];
  hiddenFields: readonly string[];
  omitColumns?: readonly string[];
}

/** See the module comment: `exportAll` runs it, `exporting` while it runs. */
export function useGridExport({ gridId, report, source, columnState, query, all, visible, hiddenFields, omitColumns }: ExportSource) {
  const [exporting, setExporting] = useState(false);
  // The server's export of the same query (every record, the user's visible fields only); the
  // browser builds the file itself where the server has no export for the grid.
  const exportAll = async () => {
    setExporting(true);
    try {
      if (source?.exportFile) return await source.exportFile();
      // A held column state goes with the export: the file has the visible columns in their order (SEARCH-012).
      const file = source
        ? null
        : await exportGrid(
            gridId,
            columnState
              ? {
                  ...query,
                  pageNumber: 1,
                  pageSize: 0,
                  columnsHidden: [...hiddenFields, ...(omitColumns ?? [])],
                  columnsOrder: visible.map((c, index) => ({ column: c.field, index })),
                }
              : query,
          );
      if (file) {
        const { exportFileName } = await import('./export-rows');
        saveFile(file.blob, file.name ?? exportFileName(report));
        return;
      }
      const [{ downloadXlsx }, rows] = await Promise.all([import('./export-xlsx'), all()]);
      await downloadXlsx(report, visible, rows);
    } catch {
      toast.error(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportAll };
}
