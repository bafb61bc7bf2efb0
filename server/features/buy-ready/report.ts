/**
 * Buy ready (issue 15, BR-001..010): the report rows of a season (or one colorway seasonal, or a
 * stock number at a factory) read in one statement, each with every criterion of the rule
 * (server/domain/buy-ready.ts), the computed result, the override that applied and the result;
 * "Execute buy ready" writes the results into the colorways' BuyReady field (prototypes.buyready)
 * in one statement with one audit insert (entity 'colorway', like every colorway change).
 */
import { newWorkbook } from '../../core/files/exceljs';
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { recordActions } from '../../core/records/actions';
import { BUY_READY_CRITERIA, buyReady, criterionCounts, type BuyReadyCriteria } from '../../domain/buy-ready';

export interface BuyReadyFilter {
  seasonId?: number;
  prototypeSeasonalId?: number;
  stockNumber?: string;
  factoryKey?: string;
}

export interface BuyReadyRow {
  PrototypeSeasonalId: number;
  PrototypeId: number;
  StockNumber: string | null;
  PrototypeName: string | null;
  ColorDesc: string | null;
  BrandId: number;
  SeasonId: number;
  SeasonName: string;
  FactoryKey: string | null;
  FactoryName: string | null;
  StatusName: string | null;
  BasicMaterial: string | null;
  TotalVolume: number | null;
  Criteria: BuyReadyCriteria;
  ComputedBuyReady: boolean;
  OverrideApplied: boolean;
  OverrideBuyReady: boolean | null;
  BuyReady: boolean;
  /** The colorway's stored BuyReady (what executing would change). */
  CurrentBuyReady: boolean;
}

export async function buyReadyRows(q: Queryable, user: SessionUser, f: BuyReadyFilter): Promise<BuyReadyRow[]> {
  const params: unknown[] = [[...user.brandIds]];
  const where = ['p.brandid = ANY($1)', 'NOT ps.isdeleted'];
  if (f.seasonId) {
    params.push(f.seasonId);
    where.push(`ps.seasonid = $${params.length}`);
  }
  if (f.prototypeSeasonalId) {
    params.push(f.prototypeSeasonalId);
    where.push(`ps.prototypeseasonalid = $${params.length}`);
  }
  if (f.stockNumber) {
    params.push(f.stockNumber.trim());
    where.push(`upper(p.stocknum) = upper($${params.length})`);
  }
  if (f.factoryKey) {
    params.push(f.factoryKey.trim());
    where.push(`ps.factnameky = $${params.length}`);
  }
  const rows = await q.query<Record<string, unknown>>(
    `SELECT ps.prototypeseasonalid, p.prototypeid, p.stocknum, p.prototypename, p.colordesc, p.brandid, ps.seasonid, se.seasonname,
            ps.factnameky, coalesce(fa.factoryname, ps.factname) AS factoryname, st.statusname, ps.statusid, ps.costingcompl,
            ps.isfinalspecapprlocked, ps.isconfirmationsampleapproved, ps.isleatherapproved, p.basicmaterial, ps.ushtscodekey, ps.totalvolume,
            p.buyready, o.buyready AS override
       FROM prototype_seasonals ps
       JOIN prototypes p ON p.prototypeid = ps.prototypeid
       JOIN seasons se ON se.seasonid = ps.seasonid
       LEFT JOIN statuses st ON st.statusid = ps.statusid
       LEFT JOIN factories fa ON fa.factorykey = ps.factnameky
       LEFT JOIN buy_ready_overrides o ON upper(btrim(o.stocknumber)) = upper(btrim(p.stocknum)) AND o.factorykey = ps.factnameky
      WHERE ${where.join(' AND ')}
      ORDER BY se.sortorder, p.stocknum, ps.prototypeseasonalid`,
    params,
  );
  return rows.map((r) => {
    const res = buyReady(
      {
        StatusId: r.statusid as number,
        CostingCompl: r.costingcompl as boolean,
        FactNameKy: r.factnameky as string | null,
        IsFinalSpecApprLocked: r.isfinalspecapprlocked as boolean,
        IsConfirmationSampleApproved: r.isconfirmationsampleapproved as boolean,
        IsLeatherApproved: r.isleatherapproved as boolean,
        BasicMaterial: r.basicmaterial as string | null,
        UsHtsCodeKey: r.ushtscodekey as string | null,
        TotalVolume: r.totalvolume as number | null,
      },
      (r.override as boolean | null) ?? null,
    );
    return {
      PrototypeSeasonalId: r.prototypeseasonalid as number,
      PrototypeId: r.prototypeid as number,
      StockNumber: r.stocknum as string | null,
      PrototypeName: r.prototypename as string | null,
      ColorDesc: r.colordesc as string | null,
      BrandId: r.brandid as number,
      SeasonId: r.seasonid as number,
      SeasonName: r.seasonname as string,
      FactoryKey: r.factnameky as string | null,
      FactoryName: r.factoryname as string | null,
      StatusName: r.statusname as string | null,
      BasicMaterial: r.basicmaterial as string | null,
      TotalVolume: r.totalvolume as number | null,
      Criteria: res.criteria,
      ComputedBuyReady: res.computed,
      OverrideApplied: res.override !== null,
      OverrideBuyReady: res.override,
      BuyReady: res.buyReady,
      CurrentBuyReady: r.buyready as boolean,
    };
  });
}

export const buyReadySummary = (rows: BuyReadyRow[]) => ({
  Total: rows.length,
  Ready: rows.filter((r) => r.BuyReady).length,
  Criteria: criterionCounts(rows.map((r) => ({ criteria: r.Criteria }))).map((c) => ({ Key: c.key, Title: c.title, Ready: c.ready, NotReady: c.notReady })),
});

/** Execute buy ready: the changed colorways' BuyReady in one UPDATE, their audit rows in one INSERT. Answers how many changed. */
export async function executeBuyReady(q: Queryable, user: SessionUser, rows: BuyReadyRow[]): Promise<{ Changed: number; Ready: number; Total: number }> {
  // A prototype with several seasonals in the selection takes the result of its last one (report order).
  const byPrototype = new Map<number, BuyReadyRow>();
  for (const r of rows) byPrototype.set(r.PrototypeId, r);
  const changed = [...byPrototype.values()].filter((r) => r.BuyReady !== r.CurrentBuyReady);
  if (changed.length) {
    await q.query(`UPDATE prototypes p SET buyready = v.ready FROM unnest($1::int[], $2::boolean[]) AS v(id, ready) WHERE p.prototypeid = v.id`, [
      changed.map((r) => r.PrototypeId),
      changed.map((r) => r.BuyReady),
    ]);
    await recordActions(
      q,
      user.userId,
      'colorway',
      changed.map((r) => ({ entityId: r.PrototypeSeasonalId, field: 'BuyReady', oldValue: r.CurrentBuyReady, newValue: r.BuyReady })),
    );
  }
  return { Changed: changed.length, Ready: rows.filter((r) => r.BuyReady).length, Total: rows.length };
}

const mark = (v: boolean) => (v ? '✔' : '✘');

/** The report as an .xlsx (exceljs): one row per colorway, a column per criterion, the computed result, override and result. */
export async function buyReadyWorkbook(rows: BuyReadyRow[]): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Buy Ready');
  ws.columns = [
    { header: 'Stock Number', key: 'StockNumber', width: 16 },
    { header: 'Colorway', key: 'PrototypeName', width: 36 },
    { header: 'Season', key: 'SeasonName', width: 14 },
    { header: 'Factory', key: 'FactoryName', width: 28 },
    ...BUY_READY_CRITERIA.map(([key, title]) => ({ header: title, key, width: 14 })),
    { header: 'Computed', key: 'Computed', width: 11 },
    { header: 'Override', key: 'Override', width: 11 },
    { header: 'Buy Ready', key: 'BuyReady', width: 11 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      StockNumber: r.StockNumber,
      PrototypeName: r.PrototypeName,
      SeasonName: r.SeasonName,
      FactoryName: r.FactoryName,
      ...Object.fromEntries(BUY_READY_CRITERIA.map(([key]) => [key, mark(r.Criteria[key])])),
      Computed: mark(r.ComputedBuyReady),
      Override: r.OverrideApplied ? mark(r.OverrideBuyReady!) : '',
      BuyReady: mark(r.BuyReady),
    });
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
