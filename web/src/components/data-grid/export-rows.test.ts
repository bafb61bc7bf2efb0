import { describe, expect, it } from 'vitest';
import { excelDate, exportFileName, exportRow, neutralise, sheetKind } from './export-rows';
import type { GridColumn } from './columns';

const col = (field: string, kind: GridColumn['kind']): GridColumn => ({ field, title: field, width: 90, kind, readOnly: false, nullable: true });

describe('xlsx export rows', () => {
  it('neutralises text starting with = + - @', () => {
    expect(neutralise('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutralise('+1')).toBe("'+1");
    expect(neutralise('-x')).toBe("'-x");
    expect(neutralise('@cmd')).toBe("'@cmd");
    expect(neutralise('plain')).toBe('plain');
    expect(neutralise(-5)).toBe(-5);
  });
  it('writes calendar dates as UTC-midnight dates and keeps leading zeros in text', () => {
    expect(excelDate('2026-03-04')!.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    const row = exportRow({ D: '2026-03-04', T: '00123', B: true, M: 12.5, N: null }, [
      col('D', 'date'),
      col('T', 'text'),
      col('B', 'boolean'),
      col('M', 'money'),
      col('N', 'text'),
    ]);
    expect(row).toEqual([new Date(Date.UTC(2026, 2, 4)), '00123', 'Yes', 12.5, null]);
  });
  it('CONST-017 gives money, whole numbers and dates their sheet kind (number format), the rest text', () => {
    expect(['money', 'integer', 'date', 'datetime', 'boolean', 'lookup', 'text'].map((k) => sheetKind(col('X', k as GridColumn['kind'])))).toEqual([
      'money',
      'integer',
      'date',
      'datetime',
      'text',
      'text',
      'text',
    ]);
  });
  it('CONST-017 names the file by the report plus -Export', () => {
    expect(exportFileName('Costing')).toBe('Costing-Export.xlsx');
  });
});
