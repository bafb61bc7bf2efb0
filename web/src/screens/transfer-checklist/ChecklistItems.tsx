/**
 * A transfer checklist's items (TC-002, TC-005, DECISIONS TC-011) as a table whose columns, in
 * order and with their titles, are the items grid document's (schemas/grids/transfer-checklist-
 * items, the columns the PDF prints): the completion a checkbox (enabled items only), the item with
 * a badge when pattern-level, whether it applies (required by the product type, or by tariff
 * mitigation), who completed it and when.
 */
import { gridColumns, type GridDocument } from '../../components/data-grid/columns';
import type { EntitySchema } from '../../components/fields/field-kind';
import { formatIsoDate } from '../../format/date';
import type { ChecklistItem } from './checklist-state';

interface Props {
  grid: GridDocument;
  schema: EntitySchema;
  items: readonly ChecklistItem[];
  /** The template items the chosen product type requires. */
  required: ReadonlySet<number>;
  editable: boolean;
  onComplete: (itemId: number, complete: boolean) => void;
}

export function ChecklistItems({ grid, schema, items, required, editable, onComplete }: Props) {
  const columns = gridColumns(grid, schema);
  const cell = (i: ChecklistItem, field: string) => {
    switch (field) {
      case 'IsComplete':
        return (
          <input
            type="checkbox"
            aria-label={i.ItemName}
            checked={i.IsComplete}
            disabled={!editable || !i.IsEnabled}
            onChange={(e) => onComplete(i.TransferChecklistItemId, e.target.checked)}
          />
        );
      case 'ItemName':
        return (
          <>
            {i.ItemName}
            {i.IsPatternLevel && (
              <span className="badge tc-badge" title="Shared by every colorway of the pattern">
                Pattern
              </span>
            )}
          </>
        );
      case 'IsEnabled':
        return required.has(i.TransferChecklistTemplateItemId) ? 'Required' : i.IsEnabled ? 'Tariff mitigation' : 'Not enabled';
      case 'CompletedBy':
        return i.CompletedByName ?? '';
      case 'CompletedOn':
        return formatIsoDate(i.CompletedOn);
      default:
        return String((i as unknown as Record<string, unknown>)[field] ?? '');
    }
  };
  return (
    <table className="table tc-items" data-testid="tc-items">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.field} className={c.field === 'IsComplete' ? 'tc-items__check' : undefined} style={{ width: c.width }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.TransferChecklistItemId} className={i.IsEnabled ? undefined : 'tc-items__disabled'}>
            {columns.map((c) => (
              <td key={c.field} className={c.field === 'IsComplete' ? 'tc-items__check' : c.field === 'IsEnabled' ? 'muted' : undefined}>
                {cell(i, c.field)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
