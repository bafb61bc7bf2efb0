import { describe, expect, it } from 'vitest';
import { defaultCriteria, omittedColumns } from './search-criteria';

describe('search criteria', () => {
  it("SEARCH-017: include flags add their parent level's columns; a line plan search has none", () => {
    expect(omittedColumns(4, {})).toEqual(['PatternName', 'BriefName', 'LinePlanName']);
    expect(omittedColumns(4, { IncludeBriefLevel: true })).toEqual(['PatternName', 'LinePlanName']);
    expect(omittedColumns(1, {})).toEqual([]);
    expect(omittedColumns(3, defaultCriteria(3))).toEqual([]);
    expect(defaultCriteria(2)).toEqual({ IncludeLinePlanLevel: true });
  });
});
