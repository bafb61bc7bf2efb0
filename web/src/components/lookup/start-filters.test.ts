import { describe, expect, it } from 'vitest';
import { startFilters } from './start-filters';

const info = { keyField: 'FactoryKey', searchParameters: ['FactoryKey', 'FactoryName', 'Country'] };

describe('lookup dialog start filters', () => {
  it('ADMIN-013: the text typed in a field starts the filter it was meant for', () => {
    expect(startFilters(info, { FactoryName: ' shoe ' })).toEqual({ FactoryName: 'shoe' });
  });
  it('leaves out parameters the lookup does not take and blank values; initialText fills the key field', () => {
    expect(startFilters(info, { Nope: 'x', Country: ' ' }, '3101')).toEqual({ FactoryKey: '3101' });
    expect(startFilters(info)).toEqual({});
  });
});
