import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickerQuery } from '../../components/record/parent-picker';
import {
  adoptToggleEnabled,
  BRIEF_PARENTS,
  createPayload,
  invalidToast,
  REVIEW_FIELDS,
  SELECT_RELEASED_BRIEF,
  startFromBrief,
  startFromCopy,
} from './pattern-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pattern create form', () => {
  it('PAT-008 a form without a brief asks for a released brief besides the red fields', () => {
    expect(invalidToast({ PatternName: 'A' })).toBe(`${REVIEW_FIELDS} ${SELECT_RELEASED_BRIEF}`);
    expect(invalidToast({ BriefSeasonalId: 4 })).toBe(REVIEW_FIELDS);
  });

  it('BRIEF-017 only a Released brief is chosen (and fixed) when starting from it; brand and season are always fixed', () => {
    expect(startFromBrief({ BrandId: 1, SeasonId: 2, StatusId: 2, BriefName: 'Core' }, 9)).toEqual({
      values: { BrandId: 1, SeasonId: 2, BriefSeasonalId: 9 },
      fixed: ['BrandId', 'SeasonId', 'BriefSeasonalId'],
      subtitle: 'Brief Core',
    });
    expect(startFromBrief({ BrandId: 1, SeasonId: 2, StatusId: 3, BriefName: 'Core' }, 9)).toEqual({
      values: { BrandId: 1, SeasonId: 2, BriefSeasonalId: null },
      fixed: ['BrandId', 'SeasonId'],
      subtitle: 'Brief Core',
    });
  });

  it('PAT-001 a copy takes the parent values, "- Copy" on the name, the brand fixed', () => {
    const start = startFromCopy({ BrandId: 1, SeasonId: 2, GenderKey: '01', ResponsibleId: 3, PatternName: 'Runner' }, 7);
    expect(start.values).toEqual({
      BrandId: 1,
      SeasonId: 2,
      GenderKey: '01',
      ResponsibleId: 3,
      WFGroupId: null,
      PatternName: 'Runner - Copy',
      ParentPatternSeasonalId: 7,
    });
    expect(start.fixed).toEqual(['BrandId']);
  });

  it('the payload trims the name and key and leaves out empty values', () => {
    expect(createPayload({ PatternName: ' Trail ', PatternNameKey: '  ', BrandId: 1, GenderKey: '01', WFGroupId: null })).toEqual({
      PatternName: 'Trail',
      BrandId: 1,
      GenderKey: '01',
    });
  });

  it('PAT-011 briefs come from SearchBriefsForPattern for the brand, season and name, 50 a page', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ Results: [], CurrentPageNumber: 1, TotalPageCount: 0, TotalRecords: 0 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const request = BRIEF_PARENTS.request(pickerQuery(1, 2, 'Core', 1)!);
    await request.fetch();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/Pattern/SearchBriefsForPattern');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ BrandId: 1, SeasonId: 2, BriefName: 'Core', pageNumber: 1, pageSize: 50 });
  });

  it('PAT-013 the adopt toggle needs CanAdopt and status 2', () => {
    expect(adoptToggleEnabled(true, 2)).toBe(true);
    expect(adoptToggleEnabled(true, 1)).toBe(false);
    expect(adoptToggleEnabled(false, 2)).toBe(false);
    expect(adoptToggleEnabled(undefined, 2)).toBe(false);
  });
});
