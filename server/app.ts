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
import { referenceRoutes } from './core/api/reference';
import { schemaRoutes } from './core/api/schemas';
import { gridRoutes } from './core/api/grids';
import { searchHelpRoutes } from './core/api/search-help';
import { uploadRoutes } from './core/api/uploads';
import { uploadQueueRoutes } from './core/api/upload-queue';
import { quickSearchRoutes } from './core/api/quick-search';
import { openApiRoutes } from './core/api/openapi';
import { feedRoutes } from './core/api/feed';
import { cellHistoryRoutes } from './core/api/cell-history';
import { FEATURES, installFeatures } from './features';

export const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');

/** Every route module in one list, the core's then each feature's (server/features.ts); the route-coverage test walks what they register. */
export const ROUTE_MODULES = [
  referenceRoutes,
  schemaRoutes,
  gridRoutes,
  searchHelpRoutes,
  uploadRoutes,
  uploadQueueRoutes,
  quickSearchRoutes,
  feedRoutes,
  cellHistoryRoutes,
  ...FEATURES.flatMap((f) => f.routes ?? []),
  openApiRoutes,
];

/** The API routes; in proxy mode only the schema documents (the rest of /api is forwarded). */
export function buildApi(opts: { proxy?: boolean } = {}): ApiRouter {
  const r = new ApiRouter();
  if (opts.proxy) {
    schemaRoutes(r, opts);
    return r;
  }
  installFeatures();
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
  try {
    path = decodeURI(raw);
  } catch {
    /* kept undecoded */
  }
  return /^\/(api|schemas)\//i.test(path) ? path.toLowerCase() : path;
}

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use('*', securityHeaders());
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await ctx.activity.during(next);
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
