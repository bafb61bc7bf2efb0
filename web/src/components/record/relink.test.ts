import { describe, expect, it } from 'vitest';
import { relinkFailure, relinkOffer } from './relink';

describe('relink dialog rules', () => {
  it('BRIEF-019 a bare list of line plans is offered as it is, each as "<name> (<status>)"', () => {
    const answer = [
      { LinePlanId: 4, LinePlanName: 'SS27 Trail', StatusName: 'Released' },
      { LinePlanId: 9, LinePlanName: 'SS27 Road', StatusName: 'Completed' },
    ];
    expect(relinkOffer(answer, { key: 'LinePlanId', name: 'LinePlanName' })).toEqual({
      canRelink: true,
      message: null,
      choices: [
        { key: 4, label: 'SS27 Trail (Released)' },
        { key: 9, label: 'SS27 Road (Completed)' },
      ],
    });
  });

  it('PAT-019 CW-055 a refused list keeps the server reason and offers no target', () => {
    const answer = { CanRelink: false, Message: 'The pattern has linked colorways and cannot be relinked.', Briefs: [] };
    expect(relinkOffer(answer, { list: 'Briefs', key: 'BriefSeasonalId', name: 'BriefName' })).toEqual({
      canRelink: false,
      message: 'The pattern has linked colorways and cannot be relinked.',
      choices: [],
    });
  });

  it('CW-055 the targets are read from the named property of the answer', () => {
    const answer = { CanRelink: true, Message: null, Patterns: [{ PatternId: 12, PatternName: 'Trail Runner', StatusName: 'Released' }] };
    expect(relinkOffer(answer, { list: 'Patterns', key: 'PatternId', name: 'PatternName' })).toEqual({
      canRelink: true,
      message: null,
      choices: [{ key: 12, label: 'Trail Runner (Released)' }],
    });
    expect(relinkOffer({ CanRelink: true, Message: null }, { list: 'Patterns', key: 'PatternId', name: 'PatternName' }).choices).toEqual([]);
  });

  it('CW-056 BRIEF-019 a failed relink reads "Re-link failed." plus the reason, never twice', () => {
    expect(relinkFailure('The brief has linked patterns; it cannot be relinked to another line plan.')).toBe(
      'Re-link failed. The brief has linked patterns; it cannot be relinked to another line plan.',
    );
    expect(relinkFailure('Re-link failed. Select a Pattern that is in Released Status.')).toBe('Re-link failed. Select a Pattern that is in Released Status.');
    expect(relinkFailure('')).toBe('Re-link failed.');
  });
});
