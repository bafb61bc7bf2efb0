/**
 * The profile defaults form (PREF-005..011): the UpdateUserProfile request schema
 * (schemas/requests/user-profile.schema.json) rendered by SchemaForm: brand, season and division are
 * references (`x-ref`, offered by their widget, the season within the chosen brand). The layout lives
 * here because the server admits layout documents only for entities (server/core/schemas/meta.ts). Pure.
 */
import requestSchema from '../../../../../schemas/requests/user-profile.schema.json';
import type { EntitySchema } from '../../../components/fields/field-kind';
import type { LayoutDocument } from '../../../components/fields/schema-docs';

export interface Defaults {
  DefaultBrandId: number | null;
  DefaultSeasonId: number | null;
  DefaultDivisionKey: string | null;
  UseDefaultsInQuickSearch: boolean;
}

export const PROFILE_LAYOUT: LayoutDocument = {
  entity: 'user-profile',
  sections: [{ id: 'defaults', title: 'Defaults', rows: [['DefaultBrandId'], ['DefaultSeasonId'], ['DefaultDivisionKey'], ['UseDefaultsInQuickSearch']] }],
};

/** The form's schema: the request schema as it is. */
export const PROFILE_SCHEMA = requestSchema as unknown as EntitySchema;

/** A new default brand drops the default season (it belonged to the old brand). */
export function withBrandChange(prev: Record<string, unknown> | undefined, next: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!prev || (prev.DefaultBrandId ?? null) === (next.DefaultBrandId ?? null) || next.DefaultSeasonId == null) return undefined;
  return { ...next, DefaultSeasonId: null };
}

export const defaultsOf = (u: Defaults): Defaults => ({
  DefaultBrandId: u.DefaultBrandId ?? null,
  DefaultSeasonId: u.DefaultSeasonId ?? null,
  DefaultDivisionKey: u.DefaultDivisionKey ?? null,
  UseDefaultsInQuickSearch: !!u.UseDefaultsInQuickSearch,
});
