/**
 * Buy ready (issue 15, BR-001..010, DECISIONS "Buy-ready rule"), paths per DECISIONS "Paths not
 * shown": /api/BuyReady/{Verb}{Noun}.
 * Gates: the report with PERM-014 read (modules 11/12/13) or PERM-019 read (module 18, "admin on
 * the report"); executing with PERM-014 edit; the overrides with PERM-019 (read lists, edit or
 * create saves). Factory users never (BR-002), whatever their role holds.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { can } from '../../core/auth/permissions';
import { AppError, badRequest, forbidden } from '../../core/http/errors';
import { failing } from '../../core/http/spec-failure';
import { intParam, queryParam } from '../../core/http/request';
import { access, granteeOf, type ApiRouter } from '../../core/http/router';
import { allows, BUY_READY_EXECUTE, BUY_READY_OVERRIDE_SAVE, BUY_READY_OVERRIDES, BUY_READY_REPORT } from '../../domain/access';
import { BR_TEXT, overrideErrors } from '../../domain/buy-ready';
import { buyReadyRows, buyReadySummary, buyReadyWorkbook, executeBuyReady, type BuyReadyFilter } from './report';

// BR-001/002, BR-006, PERM-014, PERM-019: the rules the web's routes and menus use too; factory users get BR_FACTORY (noFactory).
const REPORT = access('buyReady report (PERM-014 read or PERM-019 read; no factory user, BR-002)', BUY_READY_REPORT, { factory: 'handler' });
const EXECUTE = access('buyReady execute (PERM-014 edit; no factory user)', BUY_READY_EXECUTE, { factory: 'handler' });
const OVERRIDE_READ = access('buyReady overrides (PERM-019 read; no factory user)', BUY_READY_OVERRIDES, { factory: 'handler' });
const OVERRIDE_EDIT = access('buyReady override save (PERM-019 edit or create; no factory user)', BUY_READY_OVERRIDE_SAVE, { factory: 'handler' });

const REPORT_Q = { query: { SeasonId: 'id', PrototypeSeasonalId: 'id', StockNumber: 'text', FactoryKey: 'text' } } as const;

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** BR-002 / PERM-028: a factory user is refused whatever the role holds (403 'forbidden', after the permission rule). */
const noFactory =
  (h: Handler): Handler =>
  async (c) => {
    if (c.get('user').isFactoryUser) throw forbidden(BR_FACTORY);
    return h(c);
  };
const BR_FACTORY = 'Factory users cannot use buy ready.';

/** BR-003: by season, by seasonal id, or by stock number and/or factory; at least one. */
function filterOf(c: Context<AppEnv>): BuyReadyFilter {
  const f: BuyReadyFilter = {
    seasonId: intParam(c, 'SeasonId', 0) || undefined,
    prototypeSeasonalId: intParam(c, 'PrototypeSeasonalId', 0) || undefined,
    stockNumber: queryParam(c, 'StockNumber')?.trim() || undefined,
    factoryKey: queryParam(c, 'FactoryKey')?.trim() || undefined,
  };
  if (!f.seasonId && !f.prototypeSeasonalId && !f.stockNumber && !f.factoryKey) {
    throw badRequest('The parameter SeasonId, PrototypeSeasonalId, StockNumber or FactoryKey is required.', [{ Field: 'SeasonId', Message: 'Required.' }]);
  }
  return f;
}

export function buyReadyRoutes(r: ApiRouter) {
  // BR-003: the seasons of a brand.
  r.get(
    '/api/BuyReady/GetBuyReadySeasons',
    REPORT,
    { brandParam: 'BrandId', query: { BrandId: 'id' } },
    noFactory(async (c) =>
      c.json(
        await c
          .get('ctx')
          .db.query(`SELECT seasonid AS "SeasonId", seasonname AS "SeasonName", brandid AS "BrandId" FROM seasons WHERE brandid = $1 ORDER BY sortorder`, [
            intParam(c, 'BrandId'),
          ]),
      ),
    ),
  );

  // BR-001/003/004/005: the report; BR-004 the empty message.
  r.get(
    '/api/BuyReady/GetBuyReady',
    REPORT,
    REPORT_Q,
    noFactory(async (c) => {
      const user = c.get('user');
      const rows = await buyReadyRows(c.get('ctx').db, user, filterOf(c));
      return c.json({
        Rows: rows,
        Summary: buyReadySummary(rows),
        Message: rows.length ? null : BR_TEXT.empty,
        CanExecute: allows(BUY_READY_EXECUTE, granteeOf(user)),
        IsAdmin: can(user, 'systemMessages', 'read'),
      });
    }),
  );

  r.get(
    '/api/BuyReady/ExportBuyReady',
    REPORT,
    REPORT_Q,
    noFactory(async (c) => {
      const rows = await buyReadyRows(c.get('ctx').db, c.get('user'), filterOf(c));
      const name = 'BuyReady-Export.xlsx';
      return c.body(new Uint8Array(await buyReadyWorkbook(rows)), 200, {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      });
    }),
  );

  // DECISIONS: "Execute buy ready" writes the results into the colorways' BuyReady field with audit.
  r.post(
    '/api/BuyReady/ExecuteBuyReady',
    EXECUTE,
    { body: 'buy-ready-execute' },
    noFactory(async (c) => {
      const body = c.get('body') as { SeasonId?: number; PrototypeSeasonalId?: number };
      if (!body.SeasonId && !body.PrototypeSeasonalId)
        throw badRequest('The parameter SeasonId or PrototypeSeasonalId is required.', [{ Field: 'SeasonId', Message: 'Required.' }]);
      const { db } = c.get('ctx');
      const user = c.get('user');
      const result = await db.tx(async (q) =>
        executeBuyReady(q, user, await buyReadyRows(q, user, { seasonId: body.SeasonId, prototypeSeasonalId: body.PrototypeSeasonalId })),
      );
      return c.json({ IsSuccessful: true, Message: result.Total ? null : BR_TEXT.empty, ...result });
    }),
  );

  // BR-006/007/009: the overrides.
  r.get(
    '/api/BuyReady/GetBuyReadyOverrides',
    OVERRIDE_READ,
    noFactory(
      failing(BR_TEXT.overridesError, async (c) =>
        c.json(
          await c.get('ctx').db.query(
            `SELECT o.id AS "Id", o.stocknumber AS "StockNumber", o.factorykey AS "FactoryKey", f.factoryname AS "FactoryName", o.buyready AS "BuyReady",
              o.changedon AS "ChangedOn", u.firstname || ' ' || u.lastname AS "ChangedByName"
         FROM buy_ready_overrides o JOIN factories f ON f.factorykey = o.factorykey LEFT JOIN users u ON u.userid = o.changedby
        ORDER BY upper(o.stocknumber), o.factorykey`,
          ),
        ),
      ),
    ),
  );

  // BR-008/009/010: add (Id 0) or update; both parts required; a second override of the same stock number and factory updates it.
  r.post(
    '/api/BuyReady/UpdateBuyReadyOverride',
    OVERRIDE_EDIT,
    { body: 'buy-ready-override-update' },
    noFactory(
      failing(BR_TEXT.saveError, async (c) => {
        const body = c.get('body') as { Id?: number; StockNumber?: string | null; FactoryKey?: string | null; BuyReady: boolean };
        const missing = overrideErrors(body);
        if (missing) throw badRequest(missing, [{ Field: body.StockNumber?.trim() ? 'FactoryKey' : 'StockNumber', Message: missing }]);
        const { db } = c.get('ctx');
        const user = c.get('user');
        const stock = body.StockNumber!.trim();
        const factory = body.FactoryKey!.trim();
        const [known] = await db.query('SELECT 1 FROM factories WHERE factorykey = $1', [factory]);
        if (!known) throw badRequest(BR_TEXT.saveError, [{ Field: 'FactoryKey', Message: 'Unknown factory.' }]);
        const id = await db.tx(async (q) => {
          if (body.Id) {
            const [row] = await q.query<{ id: number }>(
              `UPDATE buy_ready_overrides SET stocknumber = $2, factorykey = $3, buyready = $4, changedon = now(), changedby = $5 WHERE id = $1 RETURNING id`,
              [body.Id, stock, factory, body.BuyReady, user.userId],
            );
            if (!row) throw new AppError(404, 'not_found', BR_TEXT.saveError);
            return row.id;
          }
          const [row] = await q.query<{ id: number }>(
            `INSERT INTO buy_ready_overrides (stocknumber, factorykey, buyready, changedby) VALUES ($1, $2, $3, $4)
         ON CONFLICT (upper(btrim(stocknumber)), factorykey) DO UPDATE SET buyready = EXCLUDED.buyready, changedon = now(), changedby = EXCLUDED.changedby
         RETURNING id`,
            [stock, factory, body.BuyReady, user.userId],
          );
          return row.id;
        });
        return c.json({ IsSuccessful: true, Id: id, Message: 'Record Saved Successfully.' });
      }),
    ),
  );
}
