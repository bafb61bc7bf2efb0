/**
 * Critical paths (issue 15, CP-001..049): details per kind, the embedded lists (CP-022), the
 * can-be-cancelled checks (CP-028, DECISIONS CP-029), the name check (CP-027), the lookups
 * (statuses, approval ids, CP-035 mapping, the brand's approvers) and the four writes of CP-044.
 * Gates: PERM-014 (modules 11 dev pattern, 12 dev prototype, 13 commercialization; 1 read, 2 edit).
 * A path outside the user's brands (or factories) answers exactly like a missing one: 404 with the
 * CP-046 text and Result 1. Paths follow DECISIONS "Paths not shown": /api/CriticalPath/{Verb}{Noun}.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import { can } from '../../core/auth/permissions';
import { failing } from '../../core/http/spec-failure';
import { intParam, queryParam } from '../../core/http/request';
import { access, anyOf, perm, type ApiRouter } from '../../core/http/router';
import { CRITICAL_PATH_SEARCH } from '../../domain/access';
import { GRID_SEARCH, searchGridRows } from '../../core/api/grids';
import { MSG, colorwayScope, commercializationScope, notExists, patternScope, badId } from './common';
import { devPatternCanBeCancelled, devPatternDetails, devPatternNameExists, updateDevPattern, type DevPatternUpdate } from './dev-pattern';
import { devPrototypeCanBeCancelled, devPrototypeDetails, linkableStockNumbers } from './dev-prototype';
import { updateDevPrototype, type DevPrototypeUpdate } from './dev-prototype-save';
import {
  commercializationCanBeCancelled,
  commercializationDetails,
  commercializationNameExists,
  createCommercialization,
  updateCommercialization,
  type CommercializationUpdate,
} from './commercialization';

const PATTERN_READ = perm('criticalPathDevPattern', 'read');
const PATTERN_EDIT = perm('criticalPathDevPattern', 'edit');
const PROTO_READ = perm('criticalPathDevPrototype', 'read');
const PROTO_EDIT = perm('criticalPathDevPrototype', 'edit');
const COMM_READ = perm('criticalPathCommercialization', 'read');
const COMM_EDIT = perm('criticalPathCommercialization', 'edit');
const ANY_READ = access('any critical path read (PERM-014)', CRITICAL_PATH_SEARCH);

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** CP-047: a save that fails for any other reason answers the spec's text with Result 2 (the error is logged). */
const saving = (h: Handler): Handler => failing(MSG.saveError, h, { Result: 2 });

/** CP-048: a detail that does not exist (or is outside the user's scope) answers 404. */
const found = <T>(value: T | null): T => {
  if (value === null) throw notExists();
  return value;
};

const KIND_NAMES = { 1: 'Pattern', 2: 'Prototype', 3: 'Commercialization' } as const;

export function criticalPathRoutes(r: ApiRouter) {
  // CP-012: the search per kind (the /criticalPath grids' generic search: criteria, page number and size, sort), the first row carrying RecordCount.
  r.post('/api/CriticalPath/SearchCriticalPathDevPatterns', PATTERN_READ, GRID_SEARCH, (c) => searchGridRows(c, 'critical-path-dev-pattern-search'));
  r.post('/api/CriticalPath/SearchCriticalPathDevPrototypes', PROTO_READ, GRID_SEARCH, (c) => searchGridRows(c, 'critical-path-dev-prototype-search'));
  r.post('/api/CriticalPath/SearchCriticalPathCommercializations', COMM_READ, GRID_SEARCH, (c) => searchGridRows(c, 'critical-path-commercialization-search'));

  // Lookups: header statuses (DECISIONS CP-029), approval ids (CP-037), the process type -> flag mapping (CP-035), the default processes (CP-043).
  r.get('/api/CriticalPath/GetCriticalPathLookups', ANY_READ, async (c) => {
    const { db } = c.get('ctx');
    return c.json({
      HeaderStatuses: await db.query(
        'SELECT criticalpathheaderstatusid AS "CriticalPathHeaderStatusId", statusname AS "StatusName" FROM critical_path_header_statuses ORDER BY 1',
      ),
      Approvals: await db.query(`SELECT criticalpathprocessapprovedid AS "CriticalPathProcessApprovedId", approvalname AS "ApprovalName", setsflag AS "SetsFlag"
                                   FROM critical_path_process_approvals ORDER BY 1`),
      ProcessFlags: await db.query('SELECT processtype AS "ProcessType", flagfield AS "FlagField" FROM critical_path_process_flags ORDER BY processtype'),
      ProcessTemplates: await db.query(`SELECT kind AS "Kind", processname AS "ProcessName", processtype AS "ProcessType", sortorder AS "SortOrder"
                                          FROM critical_path_process_templates ORDER BY kind, sortorder`),
    });
  });

  // CP-026: the approvers one may pick: active users of the brand.
  r.get('/api/CriticalPath/GetCriticalPathApprovers', ANY_READ, { brandParam: 'BrandId', query: { BrandId: 'id' } }, async (c) =>
    c.json(
      await c.get('ctx').db.query(
        `SELECT u.userid AS "UserId", u.firstname || ' ' || u.lastname AS "Name" FROM users u JOIN user_brands b ON b.userid = u.userid
        WHERE b.brandid = $1 AND u.isactive ORDER BY lower(u.firstname), lower(u.lastname)`,
        [intParam(c, 'BrandId')],
      ),
    ),
  );

  // CP-027: the non-blocking duplicate-name note (dev pattern and commercialization).
  r.get(
    '/api/CriticalPath/IsCriticalPathNameExists',
    anyOf(['criticalPathDevPattern', 'read'], ['criticalPathCommercialization', 'read']),
    { brandParam: 'BrandId', query: { BrandId: 'id', SearchType: ['1', '3'], CriticalPathName: 'text', CriticalPathId: 'id' } },
    async (c) => {
      const { db } = c.get('ctx');
      const type = queryParam(c, 'SearchType');
      if (!type) throw badId('SearchType');
      const args = [db, intParam(c, 'BrandId'), queryParam(c, 'CriticalPathName') ?? '', intParam(c, 'CriticalPathId', 0)] as const;
      const exists = type === '1' ? await devPatternNameExists(...args) : await commercializationNameExists(...args);
      return c.json({ Exists: exists, Message: exists ? MSG.duplicateName : null });
    },
  );

  // --- Dev pattern (module 11) ---
  r.get(
    '/api/CriticalPath/GetCriticalPathDevPatternDetails',
    PATTERN_READ,
    { query: { CriticalPathDevPatternId: 'id', PatternSeasonalId: 'id' } },
    async (c) => {
      const id = intParam(c, 'CriticalPathDevPatternId', 0);
      const ps = intParam(c, 'PatternSeasonalId', 0);
      if (!id && !ps) throw badId('PatternSeasonalId');
      return c.json(found(await devPatternDetails(c.get('ctx'), c.get('user'), id ? { id } : { patternSeasonalId: ps })));
    },
  );

  r.get('/api/CriticalPath/CanCriticalPathDevPatternBeCancelled', PATTERN_READ, { query: { CriticalPathDevPatternId: 'id' } }, async (c) =>
    c.json({ CanBeCancelled: found(await devPatternCanBeCancelled(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPatternId'))) }),
  );

  r.post(
    '/api/CriticalPath/UpdateCriticalPathDevPattern',
    PATTERN_EDIT,
    { body: 'critical-path-dev-pattern-update' },
    saving(async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const saved = await updateDevPattern(ctx, user, c.get('body') as DevPatternUpdate);
      return c.json({ IsSuccessful: true, Result: 0, Message: MSG.saved, Warning: saved.warning, Data: await devPatternDetails(ctx, user, { id: saved.id }) });
    }),
  );

  // --- Dev prototype (module 12) ---
  const protoDetails = async (c: Context<AppEnv>) => found(await devPrototypeDetails(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPrototypeId')));
  const PROTO_Q = { query: { CriticalPathDevPrototypeId: 'id' } } as const;

  r.get('/api/CriticalPath/GetCriticalPathDevPrototypeDetails', PROTO_READ, PROTO_Q, async (c) => c.json(await protoDetails(c)));
  r.get('/api/CriticalPath/GetCriticalPathDevPrototypeFinalProcesses', PROTO_READ, PROTO_Q, async (c) => c.json((await protoDetails(c)).FinalProcesses));
  r.get('/api/CriticalPath/GetCriticalPathDevPrototypeActualProcesses', PROTO_READ, PROTO_Q, async (c) => c.json((await protoDetails(c)).ActualProcesses));
  r.get('/api/CriticalPath/GetCriticalPathDevPrototypeStockNumbers', PROTO_READ, PROTO_Q, async (c) => c.json((await protoDetails(c)).StockNumbers));
  r.get('/api/CriticalPath/GetCriticalPathDevPrototypePurchaseOrders', PROTO_READ, PROTO_Q, async (c) => c.json((await protoDetails(c)).PurchaseOrders));

  // DECISIONS CP-034: colorways of the path's brand to link as stock numbers (the picker of the edit screen).
  r.get('/api/CriticalPath/GetLinkableStockNumbers', PROTO_READ, { query: { CriticalPathDevPrototypeId: 'id', SearchText: 'text' } }, async (c) =>
    c.json(found(await linkableStockNumbers(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPrototypeId'), queryParam(c, 'SearchText') ?? ''))),
  );

  r.get('/api/CriticalPath/CanCriticalPathDevPrototypeBeCancelled', PROTO_READ, PROTO_Q, async (c) =>
    c.json({ CanBeCancelled: found(await devPrototypeCanBeCancelled(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPrototypeId'))) }),
  );

  // CP-045: answer IsSuccessful and Result (0 saved; 1 the path does not exist, CP-046, as a 404).
  r.post(
    '/api/CriticalPath/UpdateCriticalPathDevPrototype',
    PROTO_EDIT,
    { body: 'critical-path-dev-prototype-update' },
    saving(async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const body = c.get('body') as unknown as DevPrototypeUpdate;
      if (body.CriticalPathDevPrototypeId === 0 && !body.PrototypeSeasonalId) throw badId('PrototypeSeasonalId');
      const saved = await updateDevPrototype(ctx, user, body);
      return c.json({ IsSuccessful: true, Result: 0, Message: MSG.saved, Data: await devPrototypeDetails(ctx, user, saved.id) });
    }),
  );

  // --- Commercialization (module 13) ---
  r.get('/api/CriticalPath/GetCriticalPathCommercializationDetails', COMM_READ, { query: { CriticalPathCommercializationId: 'id' } }, async (c) =>
    c.json(found(await commercializationDetails(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathCommercializationId')))),
  );

  r.get('/api/CriticalPath/CanCriticalPathCommercializationBeCancelled', COMM_READ, { query: { CriticalPathCommercializationId: 'id' } }, async (c) =>
    c.json({ CanBeCancelled: found(await commercializationCanBeCancelled(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathCommercializationId'))) }),
  );

  r.post(
    '/api/CriticalPath/CreateCriticalPathCommercialization',
    COMM_EDIT,
    { body: 'critical-path-commercialization-create' },
    saving(async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const saved = await createCommercialization(ctx, user, c.get('body') as never);
      return c.json({ IsSuccessful: true, Result: 0, Message: MSG.saved, Warning: saved.warning, Data: await commercializationDetails(ctx, user, saved.id) });
    }),
  );

  r.post(
    '/api/CriticalPath/UpdateCriticalPathCommercialization',
    COMM_EDIT,
    { body: 'critical-path-commercialization-update' },
    saving(async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const saved = await updateCommercialization(ctx, user, c.get('body') as CommercializationUpdate);
      return c.json({ IsSuccessful: true, Result: 0, Message: MSG.saved, Warning: saved.warning, Data: await commercializationDetails(ctx, user, saved.id) });
    }),
  );

  // --- CP-022: the embedded lists (each kind only for those who may read it) ---
  r.get('/api/CriticalPath/GetCriticalPathListByPatternSeasonal', ANY_READ, { query: { PatternSeasonalId: 'id' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const ps = intParam(c, 'PatternSeasonalId');
    const params: unknown[] = [ps];
    const [visible] = await ctx.db.query(
      `SELECT patternid FROM pattern_seasonals ps WHERE ps.patternseasonalid = $1 AND ${patternScopeForList(user, params)}`,
      params,
    );
    if (!visible) throw notExists();
    return c.json(await listFor(c, { patternSeasonalIds: [ps], patternIds: [visible.patternid as number], devPrototypeIds: null }));
  });

  r.get('/api/CriticalPath/GetCriticalPathListByDevPrototype', ANY_READ, PROTO_Q, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const id = intParam(c, 'CriticalPathDevPrototypeId');
    const params: unknown[] = [id];
    const [cp] = await ctx.db.query(
      `SELECT cp.criticalpathdevprototypeid FROM critical_path_dev_prototypes cp
                                      WHERE cp.criticalpathdevprototypeid = $1 AND ${colorwayScope(user, 'cp.prototypeseasonalid', params)}`,
      params,
    );
    if (!cp) throw notExists();
    const links = await ctx.db.query<{ patternseasonalid: number; patternid: number }>(
      `SELECT DISTINCT ps.patternseasonalid, pa.patternid FROM prototype_seasonals ps JOIN pattern_seasonals pa ON pa.patternseasonalid = ps.patternseasonalid
        WHERE ps.criticalpathdevprototypeid = $1`,
      [id],
    );
    return c.json(
      await listFor(c, {
        patternSeasonalIds: links.map((l) => l.patternseasonalid),
        patternIds: [...new Set(links.map((l) => l.patternid))],
        devPrototypeIds: [id],
      }),
    );
  });
}

const patternScopeForList = (user: AppEnv['Variables']['user'], params: unknown[]) => patternScope(user, 'ps.patternseasonalid', params);

/**
 * One list over the three kinds (SearchType 1 Pattern, 2 Prototype, 3 Commercialization): the dev
 * pattern paths of the pattern seasonals, the dev prototype paths of their colorways (or the given
 * ones), the commercialization paths of the patterns; each kind only with its read permission and
 * each row in the user's scope.
 */
async function listFor(c: Context<AppEnv>, of: { patternSeasonalIds: number[]; patternIds: number[]; devPrototypeIds: number[] | null }) {
  const { db } = c.get('ctx');
  const user = c.get('user');
  const rows: Record<string, unknown>[] = [];
  if (can(user, 'criticalPathDevPattern', 'read')) {
    const params: unknown[] = [of.patternSeasonalIds];
    rows.push(
      ...(await db.query(
        `SELECT 1 AS "SearchType", cp.criticalpathdevpatternid AS "Id", cp.criticalpathname AS "Name", cp.criticalpathheaderstatusid AS "CriticalPathHeaderStatusId",
              st.statusname AS "StatusName", cp.patternseasonalid AS "PatternSeasonalId", NULL::integer AS "PrototypeSeasonalId", NULL::text AS "StockNumber", cp.changedon AS "ChangedOn"
         FROM critical_path_dev_patterns cp JOIN critical_path_header_statuses st USING (criticalpathheaderstatusid)
        WHERE cp.patternseasonalid = ANY($1) AND ${patternScope(user, 'cp.patternseasonalid', params)} ORDER BY cp.criticalpathdevpatternid`,
        params,
      )),
    );
  }
  if (can(user, 'criticalPathDevPrototype', 'read')) {
    const params: unknown[] = [of.patternSeasonalIds, of.devPrototypeIds ?? []];
    rows.push(
      ...(await db.query(
        `SELECT 2 AS "SearchType", cp.criticalpathdevprototypeid AS "Id", cp.criticalpathdevprototypename AS "Name", cp.criticalpathheaderstatusid AS "CriticalPathHeaderStatusId",
              st.statusname AS "StatusName", ps.patternseasonalid AS "PatternSeasonalId", cp.prototypeseasonalid AS "PrototypeSeasonalId", px.stocknum AS "StockNumber", cp.changedon AS "ChangedOn"
         FROM critical_path_dev_prototypes cp JOIN critical_path_header_statuses st USING (criticalpathheaderstatusid)
         JOIN prototype_seasonals ps ON ps.prototypeseasonalid = cp.prototypeseasonalid JOIN prototypes px ON px.prototypeid = ps.prototypeid
        WHERE (cp.criticalpathdevprototypeid = ANY($2) OR EXISTS (SELECT 1 FROM prototype_seasonals l WHERE l.criticalpathdevprototypeid = cp.criticalpathdevprototypeid
                                                                   AND l.patternseasonalid = ANY($1) AND NOT l.isdeleted))
          AND ${colorwayScope(user, 'cp.prototypeseasonalid', params)} ORDER BY px.stocknum, cp.criticalpathdevprototypeid`,
        params,
      )),
    );
  }
  if (can(user, 'criticalPathCommercialization', 'read')) {
    const params: unknown[] = [of.patternIds];
    rows.push(
      ...(await db.query(
        `SELECT 3 AS "SearchType", cp.criticalpathcommercializationid AS "Id", cp.criticalpathname AS "Name", cp.criticalpathheaderstatusid AS "CriticalPathHeaderStatusId",
              st.statusname AS "StatusName", NULL::integer AS "PatternSeasonalId", NULL::integer AS "PrototypeSeasonalId", NULL::text AS "StockNumber", cp.changedon AS "ChangedOn"
         FROM critical_path_commercializations cp JOIN critical_path_header_statuses st USING (criticalpathheaderstatusid)
        WHERE cp.patternid = ANY($1) AND ${commercializationScope(user, 'cp', params)} ORDER BY cp.criticalpathcommercializationid`,
        params,
      )),
    );
  }
  return rows.map((r) => ({ ...r, SearchTypeName: KIND_NAMES[r.SearchType as 1 | 2 | 3] }));
}
