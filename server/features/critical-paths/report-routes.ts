/**
 * Critical path PDF reports (issue 15, CP-050/051): one path of each kind, and the index report of
 * a list of paths of one kind (one document, a section per path). Paths follow DECISIONS "Paths
 * not shown": /api/Report/{Verb}{Noun}. Data comes from the critical path read functions, so the
 * gates (PERM-014 read per kind) and the scope are the same: a path the user may not see answers
 * exactly like a missing one (404, CP-046). Fields the user may not see are stripped before the
 * builders run (the details already lack the fields schemas/visibility hides from the user; the
 * colorway's field access for the stock-number flags): the builders print only what they are given.
 * The process tables print the columns of the screens' grid documents.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../core/context';
import type { SessionUser } from '../../core/auth/permissions';
import { intParam } from '../../core/http/request';
import { access, perm, type ApiRouter } from '../../core/http/router';
import { CRITICAL_PATH_SEARCH } from '../../domain/access';
import { can } from '../../core/auth/permissions';
import { permissionDenied } from '../../core/http/errors';
import { notExists, type Row } from './common';
import { devPatternDetails } from './dev-pattern';
import { devPrototypeDetails } from './dev-prototype';
import { commercializationDetails } from './commercialization';
import { fieldAccess, visibleRecord } from '../../core/schemas/visibility';
import { sendPdf } from '../../core/reports/pdf';
import { buildCriticalPathIndexReport, buildCriticalPathReport, criticalPathReportFileName, type CriticalPathReportData } from './report';

type Ctx = AppEnv['Variables']['ctx'];

/** The report data of a path, or null when the user may not see it. */
export async function devPatternReportData(ctx: Ctx, user: SessionUser, id: number): Promise<CriticalPathReportData | null> {
  const d = await devPatternDetails(ctx, user, { id });
  if (!d) return null;
  return { kind: 'devPattern', header: d.Header as never, processes: d.Processes as never };
}

export async function devPrototypeReportData(ctx: Ctx, user: SessionUser, id: number, protoSeasonalId = 0): Promise<CriticalPathReportData | null> {
  const d = await devPrototypeDetails(ctx, user, id);
  if (!d) return null;
  const access = fieldAccess(ctx.schemas, user, 'colorway');
  let stock = d.StockNumbers.map((r) => visibleRecord(r, access) as Row);
  // ProtoSeasonalId: the report of one of the path's stock numbers (404 when it is not one the user sees).
  if (protoSeasonalId) {
    stock = stock.filter((r) => r.PrototypeSeasonalId === protoSeasonalId);
    if (!stock.length) return null;
  }
  const header = d.Header;
  const first = stock[0];
  return {
    kind: 'devPrototype',
    header: {
      ...header,
      ColorwayName: (header.PrototypeName as string | null) ?? null,
      StockNumber: (protoSeasonalId && first ? first.StockNumber : header.StockNum) as string,
    } as never,
    finalProcesses: d.FinalProcesses as never,
    actualProcesses: d.ActualProcesses as never,
    stockNumbers: stock.map((r) => ({ ...r, ColorwayName: (r.ColorDesc as string | null) ?? null })) as never,
  };
}

export async function commercializationReportData(ctx: Ctx, user: SessionUser, id: number): Promise<CriticalPathReportData | null> {
  const d = await commercializationDetails(ctx, user, id);
  if (!d) return null;
  return { kind: 'commercialization', header: d.Header as never, processes: d.Processes as never };
}

const LOADERS = { 1: devPatternReportData, 2: devPrototypeReportData, 3: commercializationReportData } as const;
const READ = {
  1: perm('criticalPathDevPattern', 'read'),
  2: perm('criticalPathDevPrototype', 'read'),
  3: perm('criticalPathCommercialization', 'read'),
} as const;
const MODULE = { 1: 'criticalPathDevPattern', 2: 'criticalPathDevPrototype', 3: 'criticalPathCommercialization' } as const;

const ANY_READ = access('any critical path read (PERM-014)', CRITICAL_PATH_SEARCH);

const found = <T>(v: T | null): T => {
  if (v === null) throw notExists();
  return v;
};

async function one(c: Context<AppEnv>, data: CriticalPathReportData | null) {
  const d = found(data);
  return sendPdf(c, criticalPathReportFileName(d), () => buildCriticalPathReport(d, c.get('ctx').schemas));
}

export function criticalPathReportRoutes(r: ApiRouter) {
  r.get('/api/Report/CriticalPathDevPatternReport', READ[1], { query: { CriticalPathDevPatternId: 'id' } }, async (c) =>
    one(c, await devPatternReportData(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPatternId'))),
  );

  r.get('/api/Report/CriticalPathDevPrototypeReport', READ[2], { query: { CriticalPathDevPrototypeId: 'id', ProtoSeasonalId: 'id' } }, async (c) =>
    one(c, await devPrototypeReportData(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathDevPrototypeId'), intParam(c, 'ProtoSeasonalId', 0))),
  );

  r.get('/api/Report/CriticalPathCommercializationReport', READ[3], { query: { CriticalPathCommercializationId: 'id' } }, async (c) =>
    one(c, await commercializationReportData(c.get('ctx'), c.get('user'), intParam(c, 'CriticalPathCommercializationId'))),
  );

  // CP-050 index report: every id must be a path the user may see (else 404, like a missing one); the kind's read permission.
  r.post('/api/Report/CriticalPathIndexReport', ANY_READ, { body: 'critical-path-index-report' }, async (c) => {
    const { SearchType, Ids } = c.get('body') as { SearchType: 1 | 2 | 3; Ids: number[] };
    const user = c.get('user');
    if (!can(user, MODULE[SearchType], 'read')) throw permissionDenied();
    const ids = [...new Set(Ids)];
    const paths: CriticalPathReportData[] = [];
    for (const id of ids) paths.push(found(await LOADERS[SearchType](c.get('ctx'), user, id)));
    return sendPdf(c, criticalPathReportFileName(paths), () => buildCriticalPathIndexReport(paths, c.get('ctx').schemas));
  });
}
