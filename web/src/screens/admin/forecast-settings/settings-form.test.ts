import { describe, expect, it } from 'vitest';
import { interpretedValidator } from '../../../components/schema-form/interpreted-validator';
import { invalidRows, NO_NAME, regionsError, saveBody, SETTINGS_SCHEMA, TWICE } from './settings-form';

describe('quarterly forecast settings form', () => {
  it('QF-013 flags blank and repeated region names', () => {
    const rows = [{ SalesRegionId: 1, SalesRegionName: 'East' }, { SalesRegionId: 0, SalesRegionName: ' east ' }, { SalesRegionId: 2, SalesRegionName: '' }];
    expect([...invalidRows(rows)]).toEqual([1, 2]);
    expect(regionsError(rows)).toBe(NO_NAME);
    expect(regionsError(rows.slice(0, 2))).toBe(TWICE);
    expect(regionsError(rows.slice(0, 1))).toBeNull();
  });
  it('QF-012 the body holds trimmed names, new rows without an id, and passes the request schema', () => {
    const body = saveBody(1, 2, [{ SalesRegionId: 0, SalesRegionName: ' West ' }]);
    expect(body).toEqual({ BrandId: 1, SeasonId: 2, SalesRegions: [{ SalesRegionId: null, SalesRegionName: 'West' }] });
    expect(interpretedValidator.isValid(SETTINGS_SCHEMA as never, body, SETTINGS_SCHEMA as never)).toBe(true);
  });
});
