/**
 * The colorway create form without the screen (CW-002..008): its messages, where the form starts
 * (a pattern fixes brand, season and — when in status 2 or 3 — the pattern; a copy fixes the
 * brand), the patterns offered as parents and the CreatePrototypeSeasonal payload.
 */
import { isReleased } from '@domain/statuses';
import { apiFetch } from '../../api/http';
import { createRefusal, type Dependents } from '../../components/record/create-form';
import type { CreateStart } from '../../components/record/CreateRecordForm';
import type { PickerPage, PickerSource } from '../../components/record/parent-picker';
import type { SaveOutcome } from '../../components/schema-form/SchemaForm';

export type Values = Record<string, unknown>;

export const REVIEW_FIELDS = 'Please review all fields indicated in red.';
export const SELECT_RELEASED_PATTERN = 'Select a Pattern that is in Released Status.';
export const CREATED = 'Colorway created or copied successfully.';
export const SAVE_FAILED = 'There was an error while saving the record. Please contact system administrator';

/** GET /api/Prototype/GetCreateLists: product types and divisions. */
export interface CreateLists {
  ProductTypes: { ProductTypeId: number; ProductTypeName: string }[];
  Divisions: { DivisionKey: string; DivisionName: string }[];
}

/** The division's name of a key (the payload's Division), or null. */
export const divisionName = (lists: CreateLists | undefined, key: unknown) => lists?.Divisions.find((d) => d.DivisionKey === key)?.DivisionName ?? null;

/** /prototypeFromPattern: brand and season come from the pattern; a released pattern (status 2 or 3) is itself chosen. */
export function startFromPattern(p: Values, patternSeasonalId: number): CreateStart {
  const usable = isReleased(p.StatusId);
  return {
    values: { BrandId: p.BrandId, SeasonId: p.SeasonId, PatternSeasonalId: usable ? patternSeasonalId : null },
    fixed: usable ? ['BrandId', 'SeasonId', 'PatternSeasonalId'] : ['BrandId', 'SeasonId'],
    subtitle: `Pattern ${String(p.PatternName)}`,
  };
}

/** /prototypeCopy (CW-003): the source's values with ' - Copy' on the name; the brand is fixed. */
export function startFromCopy(c: Values, sourceId: number): CreateStart {
  return {
    values: {
      BrandId: c.BrandId,
      SeasonId: c.SeasonId,
      PrototypeName: `${String(c.PrototypeName)} - Copy`,
      DivisionKey: c.DivisionKey ?? null,
      ResponsibleId: c.ResponsibleId ?? null,
      ProductTypeId: c.ProductTypeId ?? null,
      WFGroupId: c.WFGroupId ?? null,
      CopySeasonalId: sourceId,
    },
    fixed: ['BrandId'],
    subtitle: `Copy of ${String(c.PrototypeName)}`,
  };
}

/** A new brand clears season, pattern, responsible and workflow group; a new season the pattern (the create form's dependents). */
export const COLORWAY_DEPENDENTS: Dependents = { BrandId: ['SeasonId', 'PatternSeasonalId', 'ResponsibleId', 'WFGroupId'], SeasonId: ['PatternSeasonalId'] };

const REQUIRED = ['BrandId', 'SeasonId', 'PrototypeName', 'DivisionKey', 'ResponsibleId', 'ProductTypeId', 'WFGroupId'];
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The fields the form still needs; the pattern is reported apart (CW-005). */
export const missingFields = (v: Values) => REQUIRED.filter((f) => blank(v[f]));

/** CW-005: the two messages joined with ' And '. */
export function invalidMessage(v: Values): string | null {
  const parts = [...(missingFields(v).length ? [REVIEW_FIELDS] : []), ...(v.PatternSeasonalId ? [] : [SELECT_RELEASED_PATTERN])];
  return parts.length ? parts.join(' And ') : null;
}

/** The server's refusal for the form: its fields ('/PrototypeSeasonal/ResponsibleId') under the form's own ('/ResponsibleId'). */
export function colorwayRefusal(body: { Message?: string; Errors?: { Field: string; Message: string }[] } | null, fallback: string): SaveOutcome {
  const errors = body?.Errors?.map((e) => ({ ...e, Field: `/${e.Field.split('/').filter(Boolean).pop() ?? ''}` }));
  return createRefusal(body && { ...body, Errors: errors }, fallback);
}

/** CW-006: a responsible with no id or an id of 0 or less is null. */
export const responsibleOf = (id: unknown) => (typeof id === 'number' && id > 0 ? id : null);

/** CW-007: the colorway part, the seasonal part (status 1) and the pattern seasonal. */
export function createPayload(v: Values, divisionName: string | null) {
  return {
    Prototype: {
      PatternId: (v.PatternId as number | null) ?? null,
      PrototypeName: String(v.PrototypeName ?? '').trim(),
      BrandId: v.BrandId,
      ImageName: null,
      Division: divisionName,
      DivisionKey: v.DivisionKey ?? null,
    },
    PrototypeSeasonal: {
      CopySeasonalId: (v.CopySeasonalId as number | null) ?? null,
      SeasonId: v.SeasonId,
      StatusId: 1,
      ResponsibleId: responsibleOf(v.ResponsibleId),
      ProductTypeId: v.ProductTypeId,
      WFGroupId: v.WFGroupId,
    },
    PatternSeasonalId: v.PatternSeasonalId,
  };
}

export interface PatternRow {
  PatternSeasonalId: number;
  PatternId: number;
  PatternName: string;
  StatusName: string;
  BriefName: string | null;
}

/** CW-002: patterns in status 2 or 3 of the brand and season, paged, filtered by name. */
export const PATTERN_PARENTS: PickerSource<PatternRow> = {
  label: 'Pattern',
  filterLabel: 'Filter patterns by name',
  emptyText: 'No released patterns were found.',
  idOf: (r) => r.PatternSeasonalId,
  nameOf: (r) => r.PatternName,
  columns: [
    { title: 'Pattern', value: (r) => r.PatternName },
    { title: 'Status', value: (r) => r.StatusName },
    { title: 'Brief', value: (r) => r.BriefName ?? '' },
  ],
  request: (q) => {
    const json = { BrandId: q.BrandId, SeasonId: q.SeasonId, PatternName: q.name, pageNumber: q.pageNumber, pageSize: q.pageSize };
    return {
      key: `colorway-patterns:${JSON.stringify(json)}`,
      fetch: () => apiFetch<PickerPage<PatternRow>>('/api/Prototype/SearchPatternsForPrototype', { method: 'POST', json }),
    };
  },
};
