/** The catalog calls' answers (server/features/catalog/routes.ts). */
import type { Paged } from '@domain/paged';

export interface PatternTile {
  PatternSeasonalId: number;
  PatternId: number;
  PatternName?: string;
  BrandName?: string;
  SeasonId?: number;
  SeasonName?: string;
  GenderKey?: string;
  GenderName?: string;
  StatusName?: string;
  ColorwayCount: number;
  /** The product image's thumbnail (DOC-022 GetImage at the asked size), or null without one. */
  ImageUrl: string | null;
}

export interface ColorwayTile {
  PrototypeSeasonalId: number;
  PrototypeName?: string;
  StockNum?: string | null;
  ColorKey?: string | null;
  ColorDesc?: string | null;
  StatusName?: string;
  ImageUrl: string | null;
}

export type PatternPage = Paged<PatternTile>;

export interface PatternColorways {
  Pattern: PatternTile;
  Prototypes: ColorwayTile[];
}

/** The columns of the copied selection (a line review list for Excel). */
export const SELECTION_COLUMNS = [
  { field: 'PatternName', label: 'Pattern' },
  { field: 'SeasonName', label: 'Season' },
  { field: 'GenderName', label: 'Gender' },
  { field: 'StatusName', label: 'Status' },
  { field: 'ColorwayCount', label: 'Colorways' },
] as const;
