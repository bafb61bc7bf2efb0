/**
 * Quarterly forecast (issue 16, QF-001..009; DECISIONS QF-003, QF-009; ADR 026), paths as the
 * settings' /api/QuarterlyForecast/{Verb}{Noun}. Module 26 read opens, reads and exports (PERM-020);
 * 26 edit saves cells (QF-003) and uploads (server/core/api/uploads.ts NAMED_UPLOADS, the import
 * pipeline). Every call is scoped to a brand the user is assigned to and a season of that brand;
 * prices (the revenue's average WsPrice) never leave the server for a user WsPrice is hidden from.
 */
import { can } from '../../core/auth/permissions';
import { badRequest } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { checkPairs, currencies, forecastRows, forecastSeason, revenuePrice, seesPrices, writePairs, type Pair } from './forecast';
import { EXPORT_FILE, forecastWorkbook } from './workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DEFAULT_CURRENCY = 'USD';

const currencyOf = (raw: string | undefined | null) => {
  const key = (raw ?? DEFAULT_CURRENCY).trim().toUpperCase() || DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(key)) throw badRequest('The currency must be a three-letter code.', [{ Field: 'CurrencyKey', Message: 'Three letters, e.g. USD.' }]);
  return key;
};

export function quarterlyForecastRoutes(r: ApiRouter) {
  const read = perm('quarterlyForecasting', 'read');
  const edit = perm('quarterlyForecasting', 'edit');

  // QF-001/004/005: the grid's rows and columns.
  r.post('/api/QuarterlyForecast/SearchSalesForecast', read, { body: 'sales-forecast-search', brandParam: 'BrandId' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body') as { BrandId: number; SeasonId: number; SalesRegionIds?: number[] };
    const season = await forecastSeason(ctx.db, b.BrandId, b.SeasonId);
    const rows = await forecastRows(ctx.db, season, b.SalesRegionIds);
    return c.json({
      BrandId: season.brandId,
      SeasonId: season.seasonId,
      SeasonName: season.seasonName,
      Year1: season.year1,
      Year2: season.year1 + 1,
      Columns: season.columns.map((x) => ({ Field: x.field, Year: x.year, Quarter: x.quarter, Title: x.title })),
      Rows: rows,
      // QF-002/003: cells are editable with 26 edit only.
      CanEdit: can(user, 'quarterlyForecasting', 'edit'),
      ShowsRevenue: seesPrices(ctx, user),
    });
  });

  // QF-009: the price per unit revenue is computed with (units × average WsPrice of the released colorways, converted).
  r.get(
    '/api/QuarterlyForecast/CalculateSalesForecastRevenue',
    read,
    { brandParam: 'BrandId', query: { BrandId: 'id', SeasonId: 'id', CurrencyKey: 'text', DivisionKey: 'text', PrototypeGroupId: 'id' } },
    async (c) => {
      const ctx = c.get('ctx');
      const season = await forecastSeason(ctx.db, intParam(c, 'BrandId'), intParam(c, 'SeasonId'));
      return c.json(
        await revenuePrice(ctx, c.get('user'), season, currencyOf(queryParam(c, 'CurrencyKey')), {
          divisionKey: queryParam(c, 'DivisionKey')?.trim() || undefined,
          prototypeGroupId: intParam(c, 'PrototypeGroupId', 0) || undefined,
        }),
      );
    },
  );

  r.get('/api/QuarterlyForecast/GetSalesForecastCurrencies', read, async (c) => c.json(await currencies(c.get('ctx').db)));

  // QF-005/006/008: only the changed pairs, one statement, all or nothing.
  r.post('/api/QuarterlyForecast/UpdateSalesForecastPairs', edit, { body: 'sales-forecast-pairs', brandParam: 'BrandId' }, async (c) => {
    const ctx = c.get('ctx');
    const b = c.get('body') as { BrandId: number; SeasonId: number; Pairs: Pair[] };
    const season = await forecastSeason(ctx.db, b.BrandId, b.SeasonId);
    checkPairs(season, b.Pairs);
    const changed = await writePairs(ctx.db, c.get('user').userId, season, b.Pairs);
    return c.json({ IsSuccessful: true, Message: 'Record Saved Successfully.', Changed: changed, Rows: await forecastRows(ctx.db, season) });
  });

  // QF-001/007: the export, a real .xlsx; its regions narrowed by SalesRegionIds, the colorways its revenue
  // averages by DivisionKey and PrototypeGroupId (DECISIONS QF-007).
  r.post('/api/QuarterlyForecast/ExportSalesForecast', read, { body: 'sales-forecast-export', brandParam: 'BrandId' }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body') as {
      BrandId: number;
      SeasonId: number;
      DivisionKey?: string | null;
      PrototypeGroupId?: number | null;
      SalesRegionIds?: number[];
      CurrencyKey?: string;
    };
    const season = await forecastSeason(ctx.db, b.BrandId, b.SeasonId);
    const rows = await forecastRows(ctx.db, season, b.SalesRegionIds);
    const price = seesPrices(ctx, user)
      ? await revenuePrice(ctx, user, season, currencyOf(b.CurrencyKey), {
          divisionKey: b.DivisionKey?.trim() || undefined,
          prototypeGroupId: b.PrototypeGroupId ?? undefined,
        })
      : null;
    return c.body(new Uint8Array(await forecastWorkbook(season, rows, price)), 200, {
      'Content-Type': XLSX,
      'Content-Disposition': `attachment; filename="${EXPORT_FILE}"; filename*=UTF-8''${encodeURIComponent(EXPORT_FILE)}`,
    });
  });
}
