/**
 * The database-backed choices of a create form as labelled options (schema-form/options.ts):
 * the user's brands, the brand's seasons, the season's sub-seasons and the genders. Pure; the
 * create form loads the lists (use-create-options.ts).
 */
import type { EntitySchema } from '../fields/field-kind';
import { withOptions, type FieldOption } from '../schema-form/options';

export interface CreateLists {
  brands?: { BrandId: number; BrandName: string }[];
  seasons?: { SeasonId: number; SeasonName: string }[];
  subSeasons?: { SubSeasonId: number; SubSeasonName: string }[];
  genders?: { GenderKey: string; GenderName: string }[];
}

/** `schema` with each loaded list as its field's options (a field the schema lacks is skipped). */
export function withCreateLists(schema: EntitySchema, lists: CreateLists): EntitySchema {
  const put: [string, FieldOption[] | undefined][] = [
    ['BrandId', lists.brands?.map((b) => ({ value: b.BrandId, label: b.BrandName }))],
    ['SeasonId', lists.seasons?.map((s) => ({ value: s.SeasonId, label: s.SeasonName }))],
    ['SubSeasonIds', lists.subSeasons?.map((s) => ({ value: s.SubSeasonId, label: s.SubSeasonName }))],
    ['GenderKey', lists.genders?.map((g) => ({ value: g.GenderKey, label: g.GenderName }))],
  ];
  return put.reduce((next, [field, options]) => (options ? withOptions(next, field, options) : next), schema);
}
