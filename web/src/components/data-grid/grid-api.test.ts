import { describe, expect, it } from 'vitest';
import { dispositionName } from './grid-api';

describe('grid calls', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(dispositionName('attachment; filename="Costing-Export.xlsx"')).toBe('Costing-Export.xlsx');
    expect(dispositionName("attachment; filename*=UTF-8''Forecast%20NA-Export.xlsx")).toBe('Forecast NA-Export.xlsx');
    expect(dispositionName('attachment; filename=HTS-Export.xlsx')).toBe('HTS-Export.xlsx');
    expect(dispositionName(null)).toBeUndefined();
  });
});
