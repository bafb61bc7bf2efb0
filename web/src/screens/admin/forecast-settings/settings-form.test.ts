import { describe, expect, it } from 'vitest';
import { invalidRows, NO_NAME, regionsError, saveBody, TWICE } from './settings-form';

describe('quarterly forecast settings form', () => {
  it('QF-013 flags blank and repeated region names', () => {
    const rows = [
      { SalesRegionId: 1, SalesRegionName: 'East' },
      { SalesRegionId: 0, SalesRegionName: ' east ' },
      { SalesRegionId: 2, SalesRegionName: '' },
    ];
    expect([...invalidRows(rows)]).toEqual([1, 2]);
    expect(regionsError(rows)).toBe(NO_NAME);
    expect(regionsError(rows.slice(0, 2))).toBe(TWICE);
    expect(regionsError(rows.slice(0, 1))).toBeNull();
  });
  it('QF-012 the body holds trimmed names and new rows without an id (the request check: tests/unit/schemas.test.ts)', () => {
    const body = saveBody(1, 2, [{ SalesRegionId: 0, SalesRegionName: ' West ' }]);
    expect(body).toEqual({ BrandId: 1, SeasonId: 2, SalesRegions: [{ SalesRegionId: null, SalesRegionName: 'West' }] });
  });
});
