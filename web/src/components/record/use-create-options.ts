/**
 * The create form's schema with its database-backed choices: brands, the brand's seasons, users
 * and workflow groups of the level (use-record-options.ts), the season's sub-seasons and the
 * genders, each loaded only when the form shows the field.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import type { EntitySchema } from '../fields/field-kind';
import { withCreateLists, type CreateLists } from './create-options';
import type { HierarchyLevel } from './hierarchy';
import { useBrandChoices, withBrandChoices } from './use-record-options';
import type { Values } from './create-form';

const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function useCreateOptions(level: HierarchyLevel, schema: EntitySchema | undefined, fields: readonly string[], values: Values): EntitySchema | undefined {
  const shows = (f: string) => fields.includes(f);
  const brandId = num(values.BrandId), seasonId = num(values.SeasonId);
  const { data: brands } = useSWR<CreateLists['brands']>(shows('BrandId') ? '/api/Brand/GetBrandsByUser' : null);
  const { data: seasons } = useSWR<CreateLists['seasons']>(brandId && shows('SeasonId') ? `/api/Season/GetSeasonsByBrand?BrandId=${brandId}` : null);
  const { data: subSeasons } = useSWR<CreateLists['subSeasons']>(seasonId && shows('SubSeasonIds') ? `/api/SubSeason/SubSeasons?SeasonId=${seasonId}` : null);
  const { data: genders } = useSWR<{ Results: NonNullable<CreateLists['genders']> }>(shows('GenderKey') ? ['create-genders'] : null,
    () => apiFetch('/api/SearchHelp/SearchGenders', { method: 'POST', json: { pageNumber: 1, pageSize: 999 } }));
  const { users, groups } = useBrandChoices(level, schema, brandId);
  return useMemo(() => {
    if (!schema) return schema;
    // Until a list is there (or its brand or season chosen) the field offers nothing, not a number box.
    const listed = withCreateLists(schema, {
      brands: brands ?? [], seasons: (brandId && seasons) || [], subSeasons: (seasonId && subSeasons) || [], genders: genders?.Results ?? [],
    });
    return withBrandChoices(listed, { users: (brandId && users) || [], groups: (brandId && groups) || [] }, {}, 'None');
  }, [schema, brands, seasons, subSeasons, brandId, seasonId, genders, users, groups]);
}
