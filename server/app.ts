/**
 * The Hono application: security headers, the API (or the proxy to API_UPSTREAM), the schema
 * documents and the built web app. Paths under /api and /schemas match case-insensitively.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppContext, AppEnv } from './core/context';
import { ApiRouter, PUBLIC } from './core/http/router';
import { answerError } from './core/http/answer-error';
import { securityHeaders } from './core/http/security';
import { forward } from './core/http/proxy';
import { tokenRoutes } from './features/account/token-routes';
import { accountRoutes } from './features/account/account-routes';
import { referenceRoutes } from './core/api/reference';
import { userRoutes } from './features/account/user-routes';
import { migrationRoutes } from './features/admin/migration-routes';
import { schemaRoutes } from './core/api/schemas';
import { hierarchyRoutes } from './features/hierarchy/routes';
import { openApiRoutes } from './core/api/openapi';
import { gridRoutes } from './core/api/grids';
import { flashEditRoutes } from './features/flash-edit/routes';
import { searchHelpRoutes } from './core/api/search-help';
import { adminRoutes } from './features/admin';
import { linePlanRoutes } from './features/line-plans/routes';
import { briefRoutes } from './features/briefs/routes';
import { patternRoutes } from './features/patterns/routes';
import { imageRoutes } from './features/attachments/image-routes';
import { documentRoutes } from './features/attachments/document-routes';
import { colorwayRoutes } from './features/colorways/routes';
import { colorwayActionRoutes } from './features/colorways/action-routes';
import { sizeRangeRoutes } from './features/colorways/size-range-routes';
import { uploadRoutes } from './core/api/uploads';
import { uploadQueueRoutes } from './core/api/upload-queue';
import { childDataRoutes } from './features/hierarchy/child-data-routes';
import { quickSearchRoutes } from './core/api/quick-search';
import { catalogRoutes } from './features/catalog/routes';
import { projectCreateRoutes } from './features/project-create/routes';
import { criticalPathRoutes } from './features/critical-paths/routes';
import { corporateTemplateRoutes } from './features/corporate-template/routes';
import { criticalPathReportRoutes } from './features/critical-paths/report-routes';
import { buyReadyRoutes } from './features/buy-ready/routes';
import { carryoverRoutes } from './features/carryover/routes';
import { quarterlyForecastRoutes } from './features/quarterly-forecast/routes';
import { calculatorRoutes } from './features/calculators/routes';
import { transferChecklistRoutes } from './features/transfer-checklists/routes';

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

  app.onError(answerError);
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
