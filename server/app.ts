/**
 * The Hono application: security headers, the API (or the proxy to API_UPSTREAM), the schema
 * documents and the built web app. Paths under /api and /schemas match case-insensitively.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppContext, AppEnv } from './context';
import { ApiRouter, PUBLIC } from './http/router';
import { AppError, DEFAULT_ERROR_TEXT } from './http/errors';
import { logError } from './http/error-log';
import { clientDataError } from './http/database-errors';
import { securityHeaders } from './http/security';
import { forward } from './http/proxy';
import { tokenRoutes } from './api/token';
import { accountRoutes } from './api/account';
import { referenceRoutes } from './api/reference';
import { userRoutes } from './api/user';
import { migrationRoutes } from './api/migrations';
import { schemaRoutes } from './api/schemas';
import { hierarchyRoutes } from './api/hierarchy';
import { openApiRoutes } from './api/openapi';
import { gridRoutes } from './api/grids';
import { flashEditRoutes } from './api/flash-edit';
import { searchHelpRoutes } from './api/search-help';
import { adminRoutes } from './api/admin';
import { linePlanRoutes } from './api/line-plans';
import { briefRoutes } from './api/briefs';
import { patternRoutes } from './api/patterns';
import { imageRoutes } from './api/images';
import { documentRoutes } from './api/documents';
import { colorwayRoutes } from './api/colorways';
import { colorwayActionRoutes } from './api/colorway-actions';
import { sizeRangeRoutes } from './api/size-ranges';
import { uploadRoutes } from './api/uploads';
import { uploadQueueRoutes } from './api/upload-queue';
import { childDataRoutes } from './api/child-data';
import { quickSearchRoutes } from './api/quick-search';
import { catalogRoutes } from './api/catalog';
import { projectCreateRoutes } from './api/project-create';
import { criticalPathRoutes } from './api/critical-paths';
import { corporateTemplateRoutes } from './api/corporate-template';
import { criticalPathReportRoutes } from './api/critical-path-reports';
import { buyReadyRoutes } from './api/buy-ready';
import { carryoverRoutes } from './api/carryover';
import { quarterlyForecastRoutes } from './api/quarterly-forecast';
import { calculatorRoutes } from './api/calculators';
import { transferChecklistRoutes } from './api/transfer-checklists';

export const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');

/** Every route module, in one list: the route-coverage test walks what they register. */
export const ROUTE_MODULES = [tokenRoutes, accountRoutes, referenceRoutes, userRoutes, migrationRoutes, schemaRoutes, hierarchyRoutes, gridRoutes, flashEditRoutes,
  searchHelpRoutes, adminRoutes, linePlanRoutes, briefRoutes, patternRoutes, imageRoutes, documentRoutes, colorwayRoutes, colorwayActionRoutes, sizeRangeRoutes,
  uploadRoutes, uploadQueueRoutes, quickSearchRoutes, childDataRoutes, catalogRoutes, projectCreateRoutes, criticalPathRoutes, criticalPathReportRoutes, buyReadyRoutes, corporateTemplateRoutes,
  calculatorRoutes, transferChecklistRoutes, quarterlyForecastRoutes, carryoverRoutes, openApiRoutes];

/** The API routes; in proxy mode only the schema documents (the rest of /api is forwarded). */
export function buildApi(opts: { proxy?: boolean } = {}): ApiRouter {
  const r = new ApiRouter();
  if (opts.proxy) {
    schemaRoutes(r, opts);
    return r;
  }
  r.get('/api/health', PUBLIC, (c) => c.json({ status: 'ok', version: c.get('ctx').appVersion, database: c.get('ctx').db.kind }));
  for (const register of ROUTE_MODULES) register(r);
  return r;
}

/** Routing path: /api and /schemas paths lower-cased (they match case-insensitively); the URL itself is untouched. */
export function routingPath(req: Request): string {
  const url = req.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.indexOf('?', start);
  const raw = url.slice(start, end === -1 ? undefined : end);
  // A malformed escape (e.g. overlong UTF-8 %c0%ae) is routed undecoded: it matches nothing and gets
  // the logged 404 with the security headers, not an exception before any middleware runs.
  let path = raw;
  try { path = decodeURI(raw); } catch { /* kept undecoded */ }
  return /^\/(api|schemas)\//i.test(path) ? path.toLowerCase() : path;
}

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use('*', securityHeaders());
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });

  app.onError(async (err, c) => {
    err = clientDataError(err) ?? err;
    if (err instanceof AppError) {
      return c.json({ IsSuccessful: false, Code: err.code, Message: err.message, Errors: err.errors, ...err.extra }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ IsSuccessful: false, Code: 'http_error', Message: err.message, Errors: [] }, err.status);
    }
    // Only real server errors are error-log events; a client's 4xx above never is (issue 10).
    const id = await logError(c, err);
    return c.json({ IsSuccessful: false, Code: 'server_error', Message: DEFAULT_ERROR_TEXT, Errors: [], ErrorId: id }, 500);
  });
  app.notFound((c) => c.json({ IsSuccessful: false, Code: 'not_found', Message: 'Not found.', Errors: [] }, 404));

  if (ctx.config.apiUpstream) {
    const upstream = ctx.config.apiUpstream;
    app.all('/api/*', (c) => forward(c, upstream));
  }
  app.route('/', buildApi({ proxy: !!ctx.config.apiUpstream }).app);

  if (fs.existsSync(WEB_DIST)) {
    app.use('/assets/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('*', serveStatic({ root: path.relative(process.cwd(), WEB_DIST) }));
    // HTML5 routes: every other GET that is not an API or schema path gets the SPA.
    const index = () => fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    app.get('*', (c) => {
      if (/^\/(api|schemas)(\/|$)/i.test(c.req.path)) return c.notFound();
      c.header('Cache-Control', 'no-cache');
      return c.html(index());
    });
  }
  return app;
}
