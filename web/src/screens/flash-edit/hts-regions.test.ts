import { describe, expect, it } from 'vitest';
import { codeField, originOf, regionOfField, regionOfView } from './hts-regions';

describe('HTS regions (issue 12)', () => {
  it('FLASH-034 FLASH-033 US→US, CAN→CA, UK→GB, EU→NL', () => {
    expect(['US', 'CAN', 'UK', 'EU'].map((v) => regionOfView(v)?.destination)).toEqual(['US', 'CA', 'GB', 'NL']);
  });

  it("FLASH-028 a region's three columns name it; other columns do not", () => {
    expect(regionOfField('CaHtsStawn')?.view).toBe('CAN');
    expect(regionOfField('UkAssignDuty')?.view).toBe('UK');
    expect(regionOfField('EuHtsCodeKey')?.view).toBe('EU');
    expect(regionOfField('HTSNotes')).toBeUndefined();
    expect(regionOfField('CtryOfOrig')).toBeUndefined();
    expect(codeField(regionOfView('EU')!)).toBe('EuHtsStawn');
  });

  it('FLASH-032 a row has an origin only with a two-letter country', () => {
    expect(originOf({ CtryOfOrig: 'vn' })).toBe('VN');
    for (const v of [null, '', ' ', 'VNM', 3]) expect(originOf({ CtryOfOrig: v })).toBeNull();
  });
});
