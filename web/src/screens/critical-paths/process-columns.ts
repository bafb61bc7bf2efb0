/**
 * A critical path's process grid columns from its grid document (schemas/grids/critical-path-*-
 * processes), the columns its PDF prints too: field, title (the entity's) and width from the
 * documents; the ProcessGrid cell kind from the field (the name, the approval and its approver,
 * dates, text; read-only where the column or the user's schema says so).
 */
import { useMemo } from 'react';
import { gridColumns, type GridDocument } from '../../components/data-grid/columns';
import type { EntitySchema } from '../../components/fields/field-kind';
import { useEntitySchema, useGridDocument } from '../../components/fields/schema-docs';
import type { ProcessColumn } from './ProcessGrid';

export function processColumns(grid: GridDocument, schema: EntitySchema): ProcessColumn[] {
  return gridColumns(grid, schema).map((c): ProcessColumn => {
    const base = { field: c.field, title: c.title, width: c.width };
    if (c.field === 'ProcessName') return { ...base, kind: 'name' };
    // The approval shows its name and picks from the lookup's; the approver is named by the user picked (CP-026).
    if (c.field === 'CriticalPathProcessApprovedId') return { ...base, kind: 'approval' };
    if (c.field === 'ApprovedBy' && c.nameField) return { ...base, field: c.nameField, kind: 'approver' };
    if (c.kind === 'date') return { ...base, kind: c.readOnly ? 'readonlyDate' : 'date' };
    return { ...base, field: c.nameField ?? c.field, kind: c.readOnly ? 'readonly' : 'text' };
  });
}

/** The columns of a process grid for this user; undefined while its documents load. */
export function useProcessColumns(gridId: string): readonly ProcessColumn[] | undefined {
  const grid = useGridDocument(gridId);
  const schema = useEntitySchema(grid.data?.entity);
  return useMemo(() => (grid.data && schema.data ? processColumns(grid.data, schema.data) : undefined), [grid.data, schema.data]);
}

/** The column titles of a grid for this user by field (a field they may not see has none); undefined while its documents load. */
export function useColumnTitles(gridId: string): Readonly<Record<string, string>> | undefined {
  const grid = useGridDocument(gridId);
  const schema = useEntitySchema(grid.data?.entity);
  return useMemo(() => (grid.data && schema.data ? Object.fromEntries(gridColumns(grid.data, schema.data).map((c) => [c.field, c.title])) : undefined),
    [grid.data, schema.data]);
}
