/**
 * Quarterly forecast settings (QF-010..013, module 27 read/edit): the sales regions of a brand and
 * season. The update list replaces the set: listed ids are renamed, rows without an id are added,
 * unlisted regions are removed. Failures answer QF-013's text with the reason.
 */
import { perm, requireBrand, type ApiRouter } from '../../core/http/router';
import { AppError, type FieldError } from '../../core/http/errors';
import { intParam } from '../../core/http/request';
import { recordAction } from '../../core/records/actions';
import { nested, ok } from '../../core/http/request';

const settingsError = (message: string, errors: FieldError[] = [], status: 400 | 404 = 400) =>
  new AppError(status, 'settings_error', `An error occurred while updating settings: ${message}`, errors);

const REGION_COLS = 'salesregionid AS "SalesRegionId", salesregionname AS "SalesRegionName"';

export function quarterlyForecastSettingsRoutes(r: ApiRouter) {
  const read = perm('quarterlyForecastSettings', 'read');

  r.get('/api/QuarterlyForecast/GetSalesRegions', read, { brandParam: 'BrandId', query: { BrandId: 'id', SeasonId: 'id' } }, async (c) =>
    c.json(
      await c
        .get('ctx')
        .db.query(`SELECT ${REGION_COLS} FROM sales_regions WHERE brandid = $1 AND seasonid = $2 ORDER BY sortorder, salesregionid`, [
          intParam(c, 'BrandId'),
          intParam(c, 'SeasonId'),
        ]),
    ),
  );

  r.get('/api/QuarterlyForecast/SalesForecastSettings', read, { brandParam: 'BrandId', query: { BrandId: 'id', SeasonId: 'id' } }, async (c) => {
    const brandId = intParam(c, 'BrandId');
    const seasonId = intParam(c, 'SeasonId');
    const db = c.get('ctx').db;
    return c.json({
      BrandId: brandId,
      SeasonId: seasonId,
      SalesRegions: await db.query(`SELECT ${REGION_COLS} FROM sales_regions WHERE brandid = $1 AND seasonid = $2 ORDER BY sortorder, salesregionid`, [
        brandId,
        seasonId,
      ]),
    });
  });

  r.post('/api/QuarterlyForecast/UpdateSalesForecastSettings', perm('quarterlyForecastSettings', 'edit'), { body: 'sales-forecast-settings' }, async (c) => {
    const { db } = c.get('ctx');
    const user = c.get('user');
    const b = c.get('body');
    requireBrand(user, b.BrandId);
    const list = (b.SalesRegions as unknown[]).map((x) => nested(x, ['SalesRegionId', 'SalesRegionName']));
    const errors: FieldError[] = [];
    const names = new Set<string>();
    list.forEach((x, i) => {
      x.SalesRegionName = String(x.SalesRegionName ?? '').trim();
      if (!x.SalesRegionName) errors.push({ Field: `/SalesRegions/${i}/SalesRegionName`, Message: 'Required.' });
      else if (names.has(x.SalesRegionName.toLowerCase())) errors.push({ Field: `/SalesRegions/${i}/SalesRegionName`, Message: 'Listed twice.' });
      names.add(x.SalesRegionName.toLowerCase());
    });
    if (errors.length)
      throw settingsError(errors[0].Message === 'Required.' ? 'every sales region needs a name.' : 'a sales region name is listed twice.', errors);
    await db.tx(async (q) => {
      const [season] = await q.query('SELECT 1 FROM seasons WHERE seasonid = $1 AND brandid = $2', [b.SeasonId, b.BrandId]);
      if (!season) throw settingsError('the season is not a season of this brand.', [{ Field: '/SeasonId', Message: 'Not a season of the brand.' }]);
      const prev = await q.query<{ salesregionid: number; salesregionname: string }>(
        'SELECT salesregionid, salesregionname FROM sales_regions WHERE brandid = $1 AND seasonid = $2 FOR UPDATE',
        [b.BrandId, b.SeasonId],
      );
      const byId = new Map(prev.map((p) => [p.salesregionid, p.salesregionname]));
      const keep = list.filter((x) => x.SalesRegionId > 0);
      const stranger = keep.find((x) => !byId.has(x.SalesRegionId));
      if (stranger) throw settingsError(`sales region ${stranger.SalesRegionId} does not belong to this brand and season.`);
      const kept = new Set(keep.map((x) => x.SalesRegionId));
      const removed = prev.filter((p) => !kept.has(p.salesregionid));
      await q.query('DELETE FROM sales_regions WHERE salesregionid = ANY($1)', [removed.map((p) => p.salesregionid)]);
      // Renames go through a placeholder first so swapping two names does not trip the unique index.
      await q.query(`UPDATE sales_regions SET salesregionname = '~' || salesregionid WHERE salesregionid = ANY($1)`, [[...kept]]);
      const changes = [];
      for (const [i, x] of list.entries()) {
        if (x.SalesRegionId > 0) {
          await q.query('UPDATE sales_regions SET salesregionname = $2, sortorder = $3, rowversion = rowversion + 1 WHERE salesregionid = $1', [
            x.SalesRegionId,
            x.SalesRegionName,
            i + 1,
          ]);
          if (byId.get(x.SalesRegionId) !== x.SalesRegionName)
            changes.push({ field: `SalesRegion ${x.SalesRegionId}`, oldValue: byId.get(x.SalesRegionId), newValue: x.SalesRegionName });
        } else {
          await q.query('INSERT INTO sales_regions (brandid, seasonid, salesregionname, sortorder) VALUES ($1, $2, $3, $4)', [
            b.BrandId,
            b.SeasonId,
            x.SalesRegionName,
            i + 1,
          ]);
          changes.push({ field: 'SalesRegion (added)', oldValue: null, newValue: x.SalesRegionName });
        }
      }
      for (const p of removed) changes.push({ field: `SalesRegion ${p.salesregionid}`, oldValue: p.salesregionname, newValue: null });
      await recordAction(q, user.userId, 'sales-forecast-settings', `${b.BrandId}:${b.SeasonId}`, changes);
    });
    const regions = await db.query(`SELECT ${REGION_COLS} FROM sales_regions WHERE brandid = $1 AND seasonid = $2 ORDER BY sortorder, salesregionid`, [
      b.BrandId,
      b.SeasonId,
    ]);
    return c.json(ok('Settings saved successfully!', { SalesRegions: regions }));
  });
}
