import { describe, expect, it } from 'vitest';
import finalGrid from '../../../../schemas/grids/critical-path-dev-prototype-final-processes.grid.json';
import finalEntity from '../../../../schemas/entities/critical-path-dev-prototype-final-process.schema.json';
import type { GridDocument } from '../../components/data-grid/columns';
import type { EntitySchema } from '../../components/fields/field-kind';
import { processColumns } from './process-columns';

const grid = finalGrid as unknown as GridDocument;
const schema = finalEntity as unknown as EntitySchema;

describe('process grid columns (issue 26)', () => {
  it('CP-031 the final processes grid: the document\'s fields in order, the entity\'s titles, the ProcessGrid kinds', () => {
    const cols = processColumns(grid, schema);
    expect(cols.map((c) => c.title)).toEqual(grid.columns.map((c) => schema.properties[c.field].title));
    expect(cols.find((c) => c.field === 'ActualCompleteDate')).toMatchObject({ title: 'Actual Complete', kind: 'date', width: 120 });
    expect(cols.map((c) => c.kind)).toEqual(['name', 'date', 'date', 'date', 'date', 'date', 'approval', 'approver', 'readonlyDate', 'text', 'text']);
    // The approver column shows the approver's name.
    expect(cols[7].field).toBe('ApprovedByName');
  });

  it('a field the user may not see (absent from their schema) is no column; a field they may not change is read-only', () => {
    const { Notes2: _gone, ...rest } = schema.properties;
    const cols = processColumns(grid, { ...schema, properties: { ...rest, TargetDate: { ...rest.TargetDate, readOnly: true } } });
    expect(cols.map((c) => c.field)).not.toContain('Notes2');
    expect(cols.find((c) => c.field === 'TargetDate')!.kind).toBe('readonlyDate');
  });
});
