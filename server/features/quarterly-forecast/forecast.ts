/**
 * The quarterly forecast of a brand's season (QF-001..009, DECISIONS QF-003/QF-009, ADR 026): its
 * sales regions (the settings, QF-010) with their units per year and quarter, and the revenue
 * price: the average WsPrice of the season's released colorways, converted with the currency rate
 * table. Reads are one statement each; a save of changed pairs is one statement (the upsert) and one audit insert.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../core/db/client';
import { badRequest, notFound } from '../../core/http/errors';
import { recordActions } from '../../core/records/actions';
import { staleRecord } from '../../core/records/stale';
import { fieldAccess } from '../../core/schemas/visibility';
import { pricePerUnit, quarterColumns, seasonYear, type QuarterColumn } from '../../domain/sales-forecast';
import { RELEASED_STATUSES_SQL } from '../../domain/statuses';

export const NO_SEASON = 'The season was not found.';

export interface ForecastSeason {
  brandId: number;
  seasonId: number;
  seasonName: string;
  year1: number;
  columns: QuarterColumn[];
}

/** The season of the brand (404 like a missing one when it is another brand's). */
export async function forecastSeason(q: Queryable, brandId: number, seasonId: number): Promise<ForecastSeason> {
  const [s] = await q.query<{ seasonname: string; seasoncode: string }>('SELECT seasonname, seasoncode FROM seasons WHERE seasonid = $1 AND brandid = $2', [
    seasonId,
    brandId,
  ]);
  if (!s) throw notFound(NO_SEASON);
  const year1 = seasonYear(s.seasonname, s.seasoncode);
  return { brandId, seasonId, seasonName: s.seasonname, year1, columns: quarterColumns(year1) };
}

export interface ForecastRow {
  SalesRegionId: number;
  SalesRegionName: string;
  [field: string]: number | string;
}

/** The season's sales regions in their order, each with its units per quarter column (0 when none saved). */
export async function forecastRows(q: Queryable, season: ForecastSeason, salesRegionIds?: number[]): Promise<ForecastRow[]> {
  const params: unknown[] = [season.brandId, season.seasonId, [season.year1, season.year1 + 1]];
  if (salesRegionIds?.length) params.push(salesRegionIds);
  const only = salesRegionIds?.length ? `AND s.salesregionid = ANY($${params.length})` : '';
  const rows = await q.query<{ salesregionid: number; salesregionname: string; units: Record<string, number> }>(
    `SELECT s.salesregionid, s.salesregionname,
            coalesce(jsonb_object_agg(p.forecastyear || 'Q' || p.quarter, p.units) FILTER (WHERE p.salesregionid IS NOT NULL), '{}') AS units
       FROM sales_regions s
       LEFT JOIN sales_forecast_pairs p ON p.salesregionid = s.salesregionid AND p.forecastyear = ANY($3)
      WHERE s.brandid = $1 AND s.seasonid = $2 ${only}
      GROUP BY s.salesregionid, s.salesregionname, s.sortorder
      ORDER BY s.sortorder, s.salesregionid`,
    params,
  );
  return rows.map((r) => {
    const row: ForecastRow = { SalesRegionId: r.salesregionid, SalesRegionName: r.salesregionname };
    for (const c of season.columns) row[c.field] = r.units[`${c.year}Q${c.quarter}`] ?? 0;
    return row;
  });
}

/** PERM-029: whether prices may leave the server for this user (WsPrice hidden from factory users is configuration, schemas/visibility). */
export const seesPrices = (ctx: AppContext, user: SessionUser) => !fieldAccess(ctx.schemas, user, 'colorway').hidden.has('WsPrice');

export interface RevenuePrice {
  CurrencyKey: string;
  CurrencySymbol: string | null;
  /** Units of the currency per US dollar. */
  Rate: number | null;
  /** Released colorways with a WsPrice the average is over. */
  ColorwayCount: number;
  /** The average WsPrice converted: revenue = units × this. Null when there is no priced colorway (or for a factory user). */
  PricePerUnit: number | null;
}

/**
 * The colorways the revenue price averages, narrowed like the export's other parameters (QF-007,
 * DECISIONS QF-007): a division, and a prototype group: the colorways' workflow group (CW-064, level 4).
 */
export interface RevenueFilter {
  divisionKey?: string;
  prototypeGroupId?: number;
}

/**
 * QF-009 (CalculateSalesForecastRevenue): the price per unit of the season in a currency. One
 * statement; an unknown currency is a 400. A user who may not see WsPrice gets no price at all.
 */
export async function revenuePrice(
  ctx: AppContext,
  user: SessionUser,
  season: ForecastSeason,
  currencyKey: string,
  filter: RevenueFilter = {},
): Promise<RevenuePrice> {
  const [r] = await ctx.db.query<{ perusd: string | null; symbol: string | null; avg: number | null; n: number }>(
    `SELECT (SELECT perusd FROM currency_rates WHERE currencykey = $3) AS perusd,
            (SELECT currencysymbol FROM currencies WHERE currencykey = $3) AS symbol,
            avg(ps.wsprice)::float8 AS avg, count(ps.wsprice)::int AS n
       FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
      WHERE p.brandid = $1 AND ps.seasonid = $2 AND ps.statusid IN (${RELEASED_STATUSES_SQL}) AND NOT ps.isdeleted AND ps.wsprice IS NOT NULL
        AND ($4::text IS NULL OR p.divisionkey = $4) AND ($5::int IS NULL OR ps.wfgroupid = $5)`,
    [season.brandId, season.seasonId, currencyKey, filter.divisionKey ?? null, filter.prototypeGroupId ?? null],
  );
  if (r.perusd === null) throw badRequest(`The currency ${currencyKey} has no rate.`, [{ Field: 'CurrencyKey', Message: 'Unknown currency.' }]);
  const show = seesPrices(ctx, user);
  const rate = Number(r.perusd);
  return {
    CurrencyKey: currencyKey,
    CurrencySymbol: r.symbol,
    Rate: show ? rate : null,
    ColorwayCount: show ? r.n : 0,
    PricePerUnit: show ? pricePerUnit(r.avg, rate) : null,
  };
}

/** GetSalesForecastCurrencies: the currencies with a rate, in their order. */
export function currencies(q: Queryable) {
  return q.query(
    `SELECT r.currencykey AS "CurrencyKey", coalesce(c.currencyname, r.currencykey) AS "CurrencyName",
            coalesce(c.currencysymbol, r.currencykey) AS "CurrencySymbol", r.perusd::float8 AS "Rate", r.ratedate::text AS "RateDate"
       FROM currency_rates r LEFT JOIN currencies c ON c.currencykey = r.currencykey
      ORDER BY r.sortorder, r.currencykey`,
  );
}

export interface Pair {
  SalesRegionId: number;
  Year: number;
  Quarter: number;
  Units: number;
  OldUnits?: number | null;
}

/** QF-005: every pair's year is one of the season's two and no pair is given twice (400 otherwise, naming it). */
export function checkPairs(season: ForecastSeason, pairs: readonly Pair[], at = (i: number) => `/Pairs/${i}`) {
  const seen = new Set<string>();
  pairs.forEach((p, i) => {
    if (p.Year !== season.year1 && p.Year !== season.year1 + 1) {
      throw badRequest(`${p.Year} Q${p.Quarter} is not a quarter of ${season.seasonName} (${season.year1} and ${season.year1 + 1}).`, [
        { Field: `${at(i)}/Year`, Message: 'Not a year of the season.' },
      ]);
    }
    const k = `${p.SalesRegionId}:${p.Year}:${p.Quarter}`;
    if (seen.has(k)) throw badRequest('A sales region and quarter is given twice.', [{ Field: at(i), Message: 'Given twice.' }]);
    seen.add(k);
  });
}

/**
 * Writes the changed pairs of a season's regions: one statement upserts the pairs whose units
 * differ and answers their old and new units, which are audited in one insert (old → new). Nothing
 * is written when a pair names a region that is not one of the brand's season (404 like a missing
 * one), or when a pair's OldUnits (what the grid read) is no longer what is stored: the stale-save
 * 409 naming who changed that region's forecast last. Answers how many changed.
 */
export async function writePairs(q: Queryable, userId: number, season: ForecastSeason, pairs: readonly Pair[]): Promise<number> {
  if (!pairs.length) return 0;
  const [r] = await q.query<{ given: number; matched: number; changed: { id: number; field: string; old: number | null; new: number }[]; stale: number[] }>(
    `WITH x AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x("SalesRegionId" int, "Year" int, "Quarter" int, "Units" int, "OldUnits" int)),
          ok AS (SELECT x.* FROM x JOIN sales_regions s ON s.salesregionid = x."SalesRegionId" AND s.brandid = $1 AND s.seasonid = $2),
          old AS (SELECT p.salesregionid, p.forecastyear, p.quarter, p.units FROM sales_forecast_pairs p
                    JOIN ok ON p.salesregionid = ok."SalesRegionId" AND p.forecastyear = ok."Year" AND p.quarter = ok."Quarter"),
          stale AS (SELECT ok."SalesRegionId", ok."Year", ok."Quarter"
                      FROM ok LEFT JOIN old ON old.salesregionid = ok."SalesRegionId" AND old.forecastyear = ok."Year" AND old.quarter = ok."Quarter"
                     WHERE ok."OldUnits" IS NOT NULL AND coalesce(old.units, 0) <> ok."OldUnits"),
          up AS (INSERT INTO sales_forecast_pairs AS t (salesregionid, forecastyear, quarter, units, changedby)
                 SELECT "SalesRegionId", "Year", "Quarter", "Units", $4 FROM ok
                  WHERE (SELECT count(*) FROM ok) = (SELECT count(*) FROM x) AND NOT EXISTS (SELECT 1 FROM stale)
                 ON CONFLICT (salesregionid, forecastyear, quarter)
                 DO UPDATE SET units = EXCLUDED.units, changedon = now(), changedby = EXCLUDED.changedby
                  WHERE t.units IS DISTINCT FROM EXCLUDED.units
                 RETURNING t.salesregionid, t.forecastyear, t.quarter, t.units)
     SELECT (SELECT count(*) FROM x)::int AS given, (SELECT count(*) FROM ok)::int AS matched,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('id', up.salesregionid, 'field', up.forecastyear || ' Q' || up.quarter,
                                                          'old', old.units, 'new', up.units)), '[]'::jsonb)
               FROM up LEFT JOIN old ON old.salesregionid = up.salesregionid AND old.forecastyear = up.forecastyear AND old.quarter = up.quarter
              WHERE old.units IS DISTINCT FROM up.units) AS changed,
            (SELECT coalesce(jsonb_agg(st."SalesRegionId" ORDER BY st."SalesRegionId", st."Year", st."Quarter"), '[]'::jsonb) FROM stale st) AS stale`,
    [season.brandId, season.seasonId, JSON.stringify(pairs), userId],
  );
  if (r.matched !== r.given) throw notFound('A sales region is not one of this brand and season.');
  // The cells carry no row version (the units read stand for one): the answer names the first stale region's last change.
  if (r.stale.length) throw await staleRecord(q, 'sales-forecast', r.stale[0], null);
  await recordActions(
    q,
    userId,
    'sales-forecast',
    r.changed.map((c) => ({ entityId: c.id, field: c.field, oldValue: c.old, newValue: c.new })),
  );
  return r.changed.length;
}
