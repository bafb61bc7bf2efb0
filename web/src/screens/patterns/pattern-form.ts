/**
 * The pattern create form without the screen (PAT-008..011): the messages the specification
 * gives, where the form starts (a brief fixes brand and season, and itself when Released; a copy
 * fixes the brand), the briefs offered as parents and the CreatePatternSeasonal payload; plus the
 * small rules the record screen mirrors.
 */
import { apiFetch } from '../../api/http';
import { trimmed, type Dependents, type Values } from '../../components/record/create-form';
import type { CreateStart } from '../../components/record/CreateRecordForm';
import type { PickerPage, PickerSource } from '../../components/record/parent-picker';

export const REVIEW_FIELDS = 'Please review all fields indicated in red.';
export const SELECT_RELEASED_BRIEF = 'Select a Brief that is in Released Status.';
export const PATTERN_INVALID = 'Pattern Invalid: The pattern you are looking for was not found.';

/** A new brand clears season, brief, responsible and workflow group; a new season the brief. */
export const PATTERN_DEPENDENTS: Dependents = { BrandId: ['SeasonId', 'BriefSeasonalId', 'ResponsibleId', 'WFGroupId'], SeasonId: ['BriefSeasonalId'] };

/** PAT-008: the toast of a form with missing fields; a missing brief adds its own message. */
export const invalidToast = (v: Values) => (v.BriefSeasonalId ? REVIEW_FIELDS : `${REVIEW_FIELDS} ${SELECT_RELEASED_BRIEF}`);

/** BRIEF-017: from a brief, brand and season are fixed; only a Released brief (status 2) is chosen (and fixed). */
export function startFromBrief(brief: Values, briefId: number): CreateStart {
  const released = brief.StatusId === 2;
  return {
    values: { BrandId: brief.BrandId, SeasonId: brief.SeasonId, BriefSeasonalId: released ? briefId : null },
    fixed: released ? ['BrandId', 'SeasonId', 'BriefSeasonalId'] : ['BrandId', 'SeasonId'],
    subtitle: `Brief ${String(brief.BriefName)}`,
  };
}

/** PAT-001 (/patternCopy): a copy takes the parent's values with ' - Copy' on the name; the brand is fixed. */
export function startFromCopy(parent: Values, parentId: number): CreateStart {
  return {
    values: {
      BrandId: parent.BrandId,
      SeasonId: parent.SeasonId,
      GenderKey: parent.GenderKey ?? null,
      ResponsibleId: parent.ResponsibleId,
      WFGroupId: parent.WFGroupId ?? null,
      PatternName: `${String(parent.PatternName)} - Copy`,
      ParentPatternSeasonalId: parentId,
    },
    fixed: ['BrandId'],
    subtitle: `Copy of ${String(parent.PatternName)}`,
  };
}

/** The CreatePatternSeasonal payload: name and key trimmed, empty optional values left out. */
export function createPayload(v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {
    PatternName: trimmed(v.PatternName) ?? '',
    PatternNameKey: trimmed(v.PatternNameKey),
    GenderKey: v.GenderKey,
    BrandId: v.BrandId,
    SeasonId: v.SeasonId,
    BriefSeasonalId: v.BriefSeasonalId,
    ResponsibleId: v.ResponsibleId,
    WFGroupId: v.WFGroupId,
    ParentPatternSeasonalId: v.ParentPatternSeasonalId,
  };
  return Object.fromEntries(Object.entries(body).filter(([, x]) => x !== null && x !== undefined && x !== ''));
}

interface BriefRow {
  BriefSeasonalId: number;
  BriefName: string;
  StatusId: number;
  StatusName: string;
  LinePlanName: string | null;
}

/** PAT-011: briefs in status 2 or 3 of the brand and season (SearchBriefsForPattern). */
export const BRIEF_PARENTS: PickerSource<BriefRow> = {
  label: 'Brief',
  filterLabel: 'Filter briefs by name',
  emptyText: 'No released briefs were found.',
  idOf: (r) => r.BriefSeasonalId,
  nameOf: (r) => r.BriefName,
  columns: [
    { title: 'Brief', value: (r) => r.BriefName },
    { title: 'Status', value: (r) => r.StatusName },
    { title: 'Line Plan', value: (r) => r.LinePlanName ?? '' },
  ],
  request: (q) => {
    const json = { BrandId: q.BrandId, SeasonId: q.SeasonId, BriefName: q.name, pageNumber: q.pageNumber, pageSize: q.pageSize };
    return {
      key: `pattern-briefs:${JSON.stringify(json)}`,
      fetch: () => apiFetch<PickerPage<BriefRow>>('/api/Pattern/SearchBriefsForPattern', { method: 'POST', json }),
    };
  },
};

/** PAT-013: the adopt toggle is offered when the server allows (CanAdopt, which includes status 2 and the permission). */
export const adoptToggleEnabled = (canAdopt: boolean | undefined, statusId: unknown) => canAdopt === true && statusId === 2;
