/** 30 columns of every cell kind and N synthetic colorway-like records, the same for both grids. */
import type { GridColumn } from '../../web/src/components/data-grid/columns';

const KINDS: GridColumn['kind'][] = ['text', 'text', 'text', 'money', 'money', 'numeric', 'integer', 'date', 'boolean', 'text'];

export function benchColumns(n = 30): GridColumn[] {
  return Array.from({ length: n }, (_, i) => {
    const kind = KINDS[i % KINDS.length];
    return {
      field: `F${i}`,
      title: `Field ${i} (${kind})`,
      width: kind === 'text' ? 140 : 95,
      kind,
      readOnly: i < 3,
      nullable: true,
      maxLength: kind === 'text' ? 100 : undefined,
      minimum: kind === 'money' ? 0 : undefined,
    };
  });
}

export function benchRecords(rows: number, columns: readonly GridColumn[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const rec: Record<string, unknown> = { Id: r + 1, RowVersion: 1 };
    columns.forEach((c, i) => {
      switch (c.kind) {
        case 'money':
          rec[c.field] = ((r * 7 + i) % 10000) / 100;
          break;
        case 'numeric':
          rec[c.field] = ((r + i) % 1000) / 10;
          break;
        case 'integer':
          rec[c.field] = (r * 13 + i) % 100000;
          break;
        case 'date':
          rec[c.field] = `2026-${String((r % 12) + 1).padStart(2, '0')}-${String((r % 28) + 1).padStart(2, '0')}`;
          break;
        case 'boolean':
          rec[c.field] = (r + i) % 2 === 0;
          break;
        default:
          rec[c.field] = `Row ${r} text ${i}`;
      }
    });
    out[r] = rec;
  }
  return out;
}
