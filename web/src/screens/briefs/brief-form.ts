/**
 * The brief create form without the screen (BRIEF-003..007): the messages the specification
 * gives, where the form starts (a line plan fixes brand, season and itself when it can take
 * briefs; a copy fixes the brand and keeps the parent), the line plans offered as parents, and
 * the request body of CreateBriefSeasonal; plus the small rules of the record screen.
 */
import { isReleased } from '@domain/statuses';
import { apiFetch, withQuery } from '../../api/http';
import { trimmed, type Dependents, type Values } from '../../components/record/create-form';
import type { CreateStart } from '../../components/record/CreateRecordForm';
import type { PickerPage, PickerSource } from '../../components/record/parent-picker';

export const REVIEW_FIELDS = 'Please review all fields indicated in red';
export const SELECT_RELEASED_LINE_PLAN = 'Select a Line Plan that is in Released Status.';
/** BRIEF-004: the create validation toast stays 4 s (spec 001 §9). */
export const CREATE_ERROR_TOAST_MS = 4000;

/** A new brand clears season, line plan, responsible and workflow group; a new season the line plan. */
export const BRIEF_DEPENDENTS: Dependents = { BrandId: ['SeasonId', 'LinePlanId', 'ResponsibleId', 'WFGroupId'], SeasonId: ['LinePlanId'] };

/** BRIEF-004: the toast of a form with missing fields — the line plan's own message when only it is missing. */
export function invalidToast(v: Values): string {
  const missing = ['BriefName', 'BrandId', 'SeasonId', 'LinePlanId', 'ResponsibleId'].filter((f) => (f === 'BriefName' ? !trimmed(v[f]) : !v[f]));
  return missing.length === 1 && missing[0] === 'LinePlanId' ? SELECT_RELEASED_LINE_PLAN : REVIEW_FIELDS;
}

/** BRIEF-007: the CreateBriefSeasonal payload. */
export function createBody(v: Values) {
  return {
    LinePlanId: v.LinePlanId ?? null,
    ParentBriefSeasonalId: v.ParentBriefSeasonalId ?? null,
    BriefName: trimmed(v.BriefName) ?? '',
    BrandId: v.BrandId ?? null,
    SeasonId: v.SeasonId ?? null,
    ResponsibleId: v.ResponsibleId ?? null,
    WFGroupId: v.WFGroupId ?? null,
  };
}

/** BRIEF-003: released line plans (status 2 Released or 3 Completed) take new briefs. */
export const canTakeBriefs = isReleased;

export interface StartLinePlan {
  LinePlanId: number;
  LinePlanName: string;
  BrandId: number;
  SeasonId: number;
  StatusId: number;
}

/** BRIEF-001/003: a start from a line plan; one that cannot take briefs keeps brand and season, the user picks another plan. */
export function startFromLinePlan(lp: StartLinePlan): CreateStart {
  return canTakeBriefs(lp.StatusId)
    ? {
        values: { BrandId: lp.BrandId, SeasonId: lp.SeasonId, LinePlanId: lp.LinePlanId },
        fixed: ['BrandId', 'SeasonId', 'LinePlanId'],
        subtitle: `Line plan ${lp.LinePlanName}`,
      }
    : { values: { BrandId: lp.BrandId, SeasonId: lp.SeasonId }, fixed: [], subtitle: SELECT_RELEASED_LINE_PLAN };
}

/** BRIEF-001 (/briefCopy): a copy of a brief: its values with ' - Copy' on the name, the brand fixed, the parent kept. */
export function startFromCopy(parent: Values, parentId: number): CreateStart {
  return {
    values: {
      BrandId: parent.BrandId,
      SeasonId: parent.SeasonId,
      LinePlanId: parent.LinePlanId,
      ResponsibleId: parent.ResponsibleId,
      WFGroupId: parent.WFGroupId ?? null,
      BriefName: `${String(parent.BriefName)} - Copy`,
      ParentBriefSeasonalId: parentId,
    },
    fixed: ['BrandId'],
    subtitle: `Copy of ${String(parent.BriefName)}`,
  };
}

interface LinePlanRow {
  LinePlanId: number;
  LinePlanName: string;
  StatusName: string;
  ResponsibleName: string | null;
}

/** BRIEF-003: the Released or Completed line plans of the brand and season (BriefLinePlans). */
export const LINE_PLAN_PARENTS: PickerSource<LinePlanRow> = {
  label: 'Line Plan',
  filterLabel: 'Filter by name',
  emptyText: 'No Line Plans Found',
  idOf: (r) => r.LinePlanId,
  nameOf: (r) => r.LinePlanName,
  columns: [
    { title: 'Line Plan', value: (r) => r.LinePlanName },
    { title: 'Status', value: (r) => r.StatusName },
    { title: 'Responsible', value: (r) => r.ResponsibleName ?? '' },
  ],
  request: (q) => {
    const key = withQuery('/api/Brief/BriefLinePlans', {
      BrandId: q.BrandId,
      SeasonId: q.SeasonId,
      LinePlanName: q.name,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
    });
    return { key, fetch: () => apiFetch<PickerPage<LinePlanRow>>(key) };
  },
};

/** BRIEF-017: a pattern may be created from a released brief (status 2 or 3). */
export const canCreatePatternFrom = isReleased;
/** Delete is offered for a Created brief (the server also requires no patterns). */
export const canOfferDelete = (statusId: unknown) => statusId === 1;
