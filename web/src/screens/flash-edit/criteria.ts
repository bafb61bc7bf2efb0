/**
 * The criteria bar of a flash-edit screen (issue 12): the fields the grid document's `criteria`
 * lists, in its order, then free text. Each field is a reference (choices from
 * GET /api/Reference/{source} within its scope) or a search-help key (`lookup`). Pure: the
 * values, what changing one clears, the stored form and the grid filters.
 */
import type { GridFilters } from '../../components/data-grid/grid-api';

export interface CriterionField {
  field: string;
  label: string;
  /** Reference source and the criteria it is scoped by (parameter -> field). */
  source?: string;
  scope?: Record<string, string>;
  /** Search-help registry name (a key typed or picked in the lookup dialog). */
  lookup?: string;
  /** The field holding the picked key's description (shown beside the key). */
  nameField?: string;
}

/** Every criterion a grid document may list. */
export const CRITERIA_FIELDS: Readonly<Record<string, CriterionField>> = {
  BrandId: { field: 'BrandId', label: 'Brand', source: 'brands' },
  SeasonId: { field: 'SeasonId', label: 'Season', source: 'seasons', scope: { BrandId: 'BrandId' } },
  LinePlanId: { field: 'LinePlanId', label: 'Line plan', source: 'linePlans', scope: { BrandId: 'BrandId', SeasonId: 'SeasonId' } },
  DivisionKey: { field: 'DivisionKey', label: 'Division', source: 'divisions' },
  GenderKey: { field: 'GenderKey', label: 'Gender', source: 'genders' },
  StatusId: { field: 'StatusId', label: 'Status', source: 'statuses' },
  FactNameKy: { field: 'FactNameKy', label: 'Factory', lookup: 'Factories', nameField: 'FactoryName' },
};

/** The free-text criterion (the grid's `filters.text` fields). */
export const TEXT_CRITERION = 'searchText';

export type Criteria = Record<string, string | number>;

/** The criteria fields of a grid document, in its order (unknown names left out). */
export const criteriaFieldsOf = (names: readonly string[] | undefined) => (names ?? []).map((n) => CRITERIA_FIELDS[n]).filter((f): f is CriterionField => !!f);

/** The fields scoped (directly or through another) by `field`: a season belongs to its brand, a line plan to both. */
export function dependentsOf(field: string): string[] {
  const out: string[] = [];
  const walk = (f: string) => {
    for (const c of Object.values(CRITERIA_FIELDS)) {
      if (c.scope && Object.values(c.scope).includes(f) && !out.includes(c.field)) {
        out.push(c.field);
        walk(c.field);
      }
    }
  };
  walk(field);
  return out;
}

/** The criteria with `field` set (blank: removed) and the fields scoped by it cleared when it changed. */
export function withCriterion(c: Criteria, field: string, value: string | number | null | undefined, extra?: Criteria): Criteria {
  const next: Criteria = { ...c };
  const changed = next[field] !== value;
  if (value === null || value === undefined || value === '') delete next[field];
  else next[field] = value;
  const def = CRITERIA_FIELDS[field];
  if (def?.nameField) delete next[def.nameField];
  if (extra) Object.assign(next, extra);
  if (changed)
    for (const d of dependentsOf(field)) {
      delete next[d];
      const n = CRITERIA_FIELDS[d]?.nameField;
      if (n) delete next[n];
    }
  return next;
}

/** The stored preference as criteria (anything unreadable: none). */
export function parseCriteria(text: string | null | undefined): Criteria {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).filter(([, x]) => (typeof x === 'string' && x !== '') || (typeof x === 'number' && Number.isFinite(x))),
    ) as Criteria;
  } catch {
    return {};
  }
}

/** The grid filters of the criteria: the listed fields and free text (descriptions stay in the bar). */
export function filtersOf(c: Criteria, names: readonly string[] | undefined): GridFilters {
  const out: GridFilters = {};
  for (const f of criteriaFieldsOf(names)) if (c[f.field] !== undefined) out[f.field] = c[f.field];
  const text = typeof c[TEXT_CRITERION] === 'string' ? String(c[TEXT_CRITERION]).trim() : '';
  if (text) out.searchText = text;
  return out;
}
