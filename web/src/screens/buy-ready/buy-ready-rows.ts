/** Buy ready (BR-001, BR-005): the report's rows as the grid shows them (a ✔/✘ per criterion) and the chart's bars. */
import { BUY_READY_CRITERIA, type BuyReadyCriterion } from '@domain/buy-ready';

/** The criteria in report order (the server's rule module: one list). */
export const CRITERIA = BUY_READY_CRITERIA;

export type CriterionKey = BuyReadyCriterion;

export interface BuyReadyRow {
  PrototypeSeasonalId: number;
  PrototypeId: number;
  StockNumber: string | null;
  PrototypeName: string | null;
  SeasonName: string;
  FactoryKey: string | null;
  FactoryName: string | null;
  Criteria: Record<CriterionKey, boolean>;
  ComputedBuyReady: boolean;
  OverrideApplied: boolean;
  OverrideBuyReady: boolean | null;
  BuyReady: boolean;
  CurrentBuyReady: boolean;
}

export interface BuyReadyReport {
  Rows: BuyReadyRow[];
  Summary: { Total: number; Ready: number; Criteria: { Key: CriterionKey; Title: string; Ready: number; NotReady: number }[] };
  Message: string | null;
  CanExecute: boolean;
  IsAdmin: boolean;
}

export const mark = (v: boolean) => (v ? '✔' : '✘');

/** One grid row per colorway seasonal: text marks the grid prints as they are. */
export function gridRows(rows: readonly BuyReadyRow[]): Record<string, unknown>[] {
  return rows.map((r) => ({
    PrototypeSeasonalId: r.PrototypeSeasonalId,
    StockNumber: r.StockNumber,
    PrototypeName: r.PrototypeName,
    SeasonName: r.SeasonName,
    FactoryName: r.FactoryName,
    ...Object.fromEntries(CRITERIA.map(([k]) => [k, mark(r.Criteria[k])])),
    Computed: mark(r.ComputedBuyReady),
    Override: r.OverrideApplied ? mark(!!r.OverrideBuyReady) : '',
    BuyReady: mark(r.BuyReady),
  }));
}

export interface Bar {
  key: string;
  title: string;
  ready: number;
  notReady: number;
}

/** The chart's bars: one per criterion, then the result. */
export function chartBars(rows: readonly BuyReadyRow[]): Bar[] {
  const count = (f: (r: BuyReadyRow) => boolean) => rows.filter(f).length;
  return [
    ...CRITERIA.map(([key, title]) => {
      const ready = count((r) => r.Criteria[key]);
      return { key, title, ready, notReady: rows.length - ready };
    }),
    { key: 'BuyReady', title: 'Buy Ready', ready: count((r) => r.BuyReady), notReady: count((r) => !r.BuyReady) },
  ];
}
