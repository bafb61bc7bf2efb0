/**
 * The quarterly forecast settings form (QF-010..013): the UpdateSalesForecastSettings request schema
 * (schemas/requests/sales-forecast-settings.schema.json) rendered by SchemaForm. Its layout lives
 * here because the server admits layout documents only for entities (server/core/schemas/meta.ts);
 * the region list is the screen's own widget. Pure.
 */
import requestSchema from '../../../../../schemas/requests/sales-forecast-settings.schema.json';
import type { EntitySchema } from '../../../components/fields/field-kind';
import type { LayoutDocument } from '../../../components/fields/schema-docs';

export interface Region { SalesRegionId: number | null; SalesRegionName: string }

export const INVALID = 'Please review all fields indicated in red.';
export const SAVED = 'Settings saved successfully!';
export const failed = (m: string) => (m.startsWith('An error occurred while updating settings:') ? m : `An error occurred while updating settings: ${m}`);
export const NO_NAME = 'Every sales region needs a name.';
export const TWICE = 'A sales region name is listed twice.';

export const SETTINGS_SCHEMA: EntitySchema = {
  ...(requestSchema as unknown as EntitySchema),
  properties: { ...(requestSchema as unknown as EntitySchema).properties, SalesRegions: { ...(requestSchema.properties.SalesRegions as object), title: 'Sales regions' } },
};

export const SETTINGS_LAYOUT: LayoutDocument = {
  entity: 'sales-forecast-settings',
  sections: [{ id: 'regions', title: 'Sales regions', rows: [['SalesRegions']] }],
};

/** Rows whose name is blank or repeats an earlier one (case-insensitive), by index. */
export function invalidRows(rows: readonly Region[]): Set<number> {
  const names = rows.map((r) => (r.SalesRegionName ?? '').trim().toLowerCase());
  return new Set(rows.map((_, i) => i).filter((i) => !names[i] || names.indexOf(names[i]) !== i));
}

/** The check before a save: the message of the first problem, or null. */
export function regionsError(rows: readonly Region[]): string | null {
  const bad = [...invalidRows(rows)];
  if (!bad.length) return null;
  return bad.some((i) => !(rows[i].SalesRegionName ?? '').trim()) ? NO_NAME : TWICE;
}

/** The UpdateSalesForecastSettings body. */
export const saveBody = (brandId: number, seasonId: number, rows: readonly Region[]) => ({
  BrandId: brandId, SeasonId: seasonId,
  SalesRegions: rows.map((r) => ({ SalesRegionId: r.SalesRegionId || null, SalesRegionName: (r.SalesRegionName ?? '').trim() })),
});
