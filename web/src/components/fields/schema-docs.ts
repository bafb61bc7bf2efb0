/**
 * swr hooks for the schema documents (already filtered for the signed-in user by the server).
 * swr keeps one object per URL, so a document's identity is stable between renders.
 */
import useSWR from 'swr';
import type { EntitySchema } from './field-kind';
import type { GridDocument } from '../data-grid/columns';

/** A layout document (schemas/layouts/<name>.layout.json). */
export interface LayoutDocument {
  entity: string;
  moduleId?: number;
  sections: { id: string; title: string; rows: string[][]; panel?: string; collapsed?: boolean }[];
}

const immutable = { revalidateIfStale: false, revalidateOnReconnect: false } as const;

export const useEntitySchema = (entity: string | null | undefined) =>
  useSWR<EntitySchema>(entity ? `/schemas/entities/${entity}.schema.json` : null, immutable);

export const useLayout = (name: string | null | undefined) => useSWR<LayoutDocument>(name ? `/schemas/layouts/${name}.layout.json` : null, immutable);

export const useGridDocument = (gridId: string | null | undefined) => useSWR<GridDocument>(gridId ? `/schemas/grids/${gridId}.grid.json` : null, immutable);
