/**
 * The wizard's server calls (spec 001 §7 "Wizard", WIZ-017): the pick lists of a brand, the rows'
 * creates through the single-record create calls (the colorway's with IsProjectCreate, its stock
 * number and size range preset, WIZ-014), ensure-released, name-exists and stock-number checks.
 */
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { Refusal, type Created, type WizardCalls } from './wizard-save';
import type { Level, ValueField, WizardRow } from './wizard-rows';

export interface Option {
  value: string | number;
  label: string;
}
export type WizardLists = Partial<Record<ValueField | 'BriefWFGroupId' | 'PatternWFGroupId' | 'ColorwayWFGroupId', Option[]>>;

const options = (path: string) => apiFetch<Option[]>(path);
const strings = (list: string[] | undefined): Option[] => (list ?? []).map((s) => ({ value: s, label: s }));

/** The pick lists of a brand: responsible users, workflow groups per level, genders, development types, divisions, product types, the user's size range presets. */
export function useWizardLists(brandId: number | null) {
  return useSWR<WizardLists>(brandId ? ['project-create-lists', brandId] : null, async () => {
    const [users, briefGroups, patternGroups, colorwayGroups, genders, divisions, productTypes, lookups, presets] = await Promise.all([
      options(`/api/Reference/users?BrandId=${brandId}`),
      options(`/api/Reference/workflowGroups?BrandId=${brandId}&ObjectLevel=2`),
      options(`/api/Reference/workflowGroups?BrandId=${brandId}&ObjectLevel=3`),
      options(`/api/Reference/workflowGroups?BrandId=${brandId}&ObjectLevel=4`),
      options('/api/Reference/genders'),
      options('/api/Reference/divisions'),
      options('/api/Reference/productTypes'),
      apiFetch<{ DevelopmentTypes: string[] }>(`/api/Pattern/GetPatternLookups?BrandId=${brandId}`),
      apiFetch<{ SizeRangePresetId: number; PresetName: string }[]>('/api/User/SizeRangePresets'),
    ]);
    return {
      ResponsibleId: users,
      BriefWFGroupId: briefGroups,
      PatternWFGroupId: patternGroups,
      ColorwayWFGroupId: colorwayGroups,
      GenderKey: genders,
      DivisionKey: divisions,
      ProductTypeId: productTypes,
      DevelopmentType: strings(lookups.DevelopmentTypes),
      SizeRangePresetId: presets.map((p) => ({ value: p.SizeRangePresetId, label: p.PresetName })),
    };
  });
}

/** The list a field of a level picks from (workflow groups differ per level). */
export function listOf(lists: WizardLists | undefined, level: Level, field: ValueField): Option[] | undefined {
  if (field === 'WFGroupId') return lists?.[`${level === 'brief' ? 'Brief' : level === 'pattern' ? 'Pattern' : 'Colorway'}WFGroupId`];
  return lists?.[field];
}

export const labelOf = (list: Option[] | undefined, value: unknown) =>
  value === null || value === undefined || value === '' ? '' : (list?.find((o) => o.value === value)?.label ?? String(value));

/** Where the rows go: the line plan, its brand and season. */
export interface Place {
  LinePlanId: number;
  BrandId: number;
  SeasonId: number;
}

type Answer = { Message?: string; Errors?: { Field: string; Message: string }[] };

/** The server's reason as the WIZ-013 {detail}: its field messages, else its message. */
export function detailOf(e: unknown): string {
  if (!(e instanceof ApiError)) return '';
  const body = e.body as Answer | null;
  const fields = [...new Set((body?.Errors ?? []).map((x) => x.Message))];
  return fields.length ? fields.join(' ') : (body?.Message ?? '');
}

const post = async <T>(path: string, json: unknown): Promise<T> => {
  try {
    // A refusal stays on the row: no redirect to /permissionDenied for a 403.
    return await apiFetch<T>(path, { method: 'POST', json, handleAuthErrors: false });
  } catch (e) {
    throw new Refusal(detailOf(e));
  }
};

/** The row's create call with its payload. */
function createCall(place: Place, row: WizardRow, parentId: number | null, divisionName: string | null): Promise<Created> {
  const name = row.name.trim();
  if (row.level === 'brief') {
    return post<{ briefSeasonalId: number; NameNote: string | null }>('/api/Brief/CreateBriefSeasonal', {
      BriefName: name,
      BrandId: place.BrandId,
      SeasonId: place.SeasonId,
      LinePlanId: place.LinePlanId,
      ResponsibleId: row.ResponsibleId,
      WFGroupId: row.WFGroupId ?? null,
    }).then((a) => ({ id: a.briefSeasonalId, note: a.NameNote }));
  }
  if (row.level === 'pattern') {
    return post<{ Warning: string | null; Data: { PatternSeasonalId: number } }>('/api/Pattern/CreatePatternSeasonal', {
      PatternName: name,
      BrandId: place.BrandId,
      SeasonId: place.SeasonId,
      BriefSeasonalId: parentId,
      GenderKey: row.GenderKey,
      ResponsibleId: row.ResponsibleId,
      WFGroupId: row.WFGroupId ?? null,
      DevelopmentType: row.DevelopmentType ?? null,
    }).then((a) => ({ id: a.Data.PatternSeasonalId, note: a.Warning }));
  }
  return post<{ Warning: string | null; Data: { PrototypeSeasonalId: number } }>('/api/Prototype/CreatePrototypeSeasonal', {
    Prototype: { PrototypeName: name, BrandId: place.BrandId, DivisionKey: row.DivisionKey, Division: divisionName, StockNum: row.StockNum?.trim() || null },
    PrototypeSeasonal: { SeasonId: place.SeasonId, StatusId: 1, ResponsibleId: row.ResponsibleId, ProductTypeId: row.ProductTypeId, WFGroupId: row.WFGroupId },
    PatternSeasonalId: parentId,
    SizeRangePresetId: row.SizeRangePresetId ?? null,
    IsProjectCreate: true,
  }).then((a) => ({ id: a.Data.PrototypeSeasonalId, note: a.Warning }));
}

export function wizardCalls(place: Place, lists: WizardLists | undefined): WizardCalls {
  return {
    create: (row, parentId) => createCall(place, row, parentId, labelOf(lists?.DivisionKey, row.DivisionKey) || null),
    ensureReleased: async (level, id) => {
      const path = level === 'brief' ? '/api/ProjectCreate/EnsureBriefReleased' : '/api/ProjectCreate/EnsurePatternReleased';
      const a = await apiFetch<{ IsSuccessful: boolean; StatusId: number; Message: string }>(path, {
        method: 'POST',
        json: level === 'brief' ? { BriefSeasonalId: id } : { PatternSeasonalId: id },
        handleAuthErrors: false,
      });
      return { ok: a.IsSuccessful, statusId: a.StatusId, message: a.Message };
    },
  };
}

const NAME_CHECKS: Record<Level, { path: string; param: string }> = {
  brief: { path: '/api/Brief/IsBriefNameExists', param: 'BriefName' },
  pattern: { path: '/api/Pattern/IsPatternNameExists', param: 'PatternName' },
  colorway: { path: '/api/Prototype/IsPrototypeNameExists', param: 'PrototypeName' },
};

/** CONST-031 / CW-047: the note for a name that already exists in the brand, or null. */
export async function nameNote(level: Level, brandId: number, name: string): Promise<string | null> {
  if (!name.trim()) return null;
  const check = NAME_CHECKS[level];
  const a = await apiFetch<{ Exists: boolean; Message: string | null }>(check.path, {
    query: { BrandId: brandId, [check.param]: name.trim() },
    handleAuthErrors: false,
  });
  return a.Exists ? a.Message : null;
}

/** WIZ-009: the stock number of a new colorway of the season, or null when it is free. */
export async function stockNumberError(seasonId: number, stockNum: string, productTypeId: number | null | undefined): Promise<string | null> {
  if (!stockNum.trim()) return null;
  const a = await apiFetch<{ IsValid: boolean; Message: string | null }>('/api/ProjectCreate/IsStockNumberValid', {
    query: { SeasonId: seasonId, StockNum: stockNum.trim(), ProductTypeId: productTypeId ?? undefined },
    handleAuthErrors: false,
  });
  return a.IsValid ? null : a.Message;
}
