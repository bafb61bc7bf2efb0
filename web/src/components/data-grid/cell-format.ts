/**
 * The text a grid cell shows for a server value, by field kind (one format per schema format):
 * money always with 2 decimals and thousands separators, integers with thousands separators,
 * dates MM/DD/YYYY, moments MM/DD/YYYY h:mm AM/PM. Numbers are right-aligned (`alignRight`).
 */
import { formatDateTime } from '../../format/date';
import { isoToDisplay } from '../fields/dates';
import { formatCents, formatInteger } from '../fields/numbers';
import type { GridColumn } from './columns';

/** The shown text of a cell value (booleans are drawn as checkboxes, not through here). */
export function displayValue(col: Pick<GridColumn, 'kind'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (col.kind) {
    case 'date':
      return isoToDisplay(value);
    case 'datetime':
      return formatDateTime(String(value));
    case 'money':
      return typeof value === 'number' ? formatCents(value) : String(value);
    case 'integer':
      return typeof value === 'number' ? formatInteger(value) : String(value);
    default:
      return String(value);
  }
}

/** Whether a column's cells are right-aligned (numbers). */
export const alignRight = (col: Pick<GridColumn, 'kind'>) => col.kind === 'money' || col.kind === 'numeric' || col.kind === 'integer';
