/**
 * Every API route is declared through `ApiRouter`, which puts one guard in front of the handler:
 * body limit, authentication, the route's permission rule, its declared query and path parameters
 * (RouteOptions.query/params, server/core/http/params.ts), text PostgreSQL can store, brand assignment,
 * validation of the body against its request schema, and the per-user limit of heavy work
 * (fair-use.ts). A test enumerates the registered routes and fails when one has no guard.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { can, type Permission, type SessionUser } from '../auth/permissions';
import { authenticate } from '../auth/authenticate';
import { AppError, badRequest, forbidden, permissionDenied } from './errors';
import { canonicalKeys, rawQueryParam, readBody } from './request';
import { textFaults } from '../schemas/ajv';
import { allows, holdsPermissions, type AccessRule, type Grantee } from '../../domain/access';
import { requestWritePath, withWritePath } from '../db/write-path';
import { TEXT_FAULT_MESSAGE, declaredValues, paramChecker, setDeclaredQuery, type ParamChecker, type ParamDecl } from './params';
import { fairUse, isHeavy } from './fair-use';

export type Rule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'anyOf'; perms: Permission[] }
  | { kind: 'custom'; name: string; test: (user: SessionUser) => boolean };

export const PUBLIC: Rule = { kind: 'public' };
export const SIGNED_IN: Rule = { kind: 'signedIn' };
export const perm = (...p: Permission): Rule => ({ kind: 'anyOf', perms: [p] });
export const anyOf = (...perms: Permission[]): Rule => ({ kind: 'anyOf', perms });
export const custom = (name: string, test: (user: SessionUser) => boolean): Rule => ({ kind: 'custom', name, test });

/** What a session user holds, as the shared access rules (@domain/access) ask it. */
export const granteeOf = (u: SessionUser): Grantee => ({ isFactoryUser: u.isFactoryUser, holds: (m, a) => can(u, m, a) });

/**
 * The route rule of a shared access rule (@domain/access, the one the web routes and menus use).
 * `factory: 'handler'` leaves the rule's factory part to the handler (a feature answering factory
 * users with its own 403 text); by default a factory user the rule refuses gets permission denied.
 */
export function access(name: string, rule: AccessRule, opts: { factory?: 'guard' | 'handler' } = {}): Rule {
  // A plain "any of these" stays an anyOf rule: the OpenAPI document lists its pairs.
  if (rule.anyOf && !rule.allOf && (!rule.noFactoryUsers || opts.factory === 'handler')) return anyOf(...rule.anyOf.map(([m, a]) => [m, a] as Permission));
  return custom(name, (u) => (opts.factory === 'handler' ? holdsPermissions : allows)(rule, granteeOf(u)));
}

export interface RouteOptions {
  /** Name of the request schema (schemas/requests/<name>.schema.json) the body must satisfy. */
  body?: string;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBody?: number;
  /** Query or body parameter holding a brand id the user must be assigned to (PERM-022). */
  brandParam?: string;
  /** The handler reads the body itself as a stream (uploads): no body limit or body read here. */
  stream?: boolean;
  /** A stream route's multipart form fields besides its `file`: the request schema they must satisfy (published in the OpenAPI document). */
  form?: string;
  /** Query parameters the handler reads, by kind (server/core/http/params.ts); checked before the handler runs. */
  query?: ParamDecl;
  /** Kinds of the path's `:name` parameters; every one must be declared. */
  params?: ParamDecl;
}

export const GUARD = Symbol('guard');
export type GuardedMiddleware = MiddlewareHandler<AppEnv> & { [GUARD]: Rule };

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;
const DEFAULT_MAX_BODY = 1024 * 1024;

export function requireBrand(user: SessionUser, brandId: unknown) {
  const id = Number(brandId);
  if (!Number.isInteger(id)) throw badRequest('The brand id must be a whole number.', [{ Field: 'BrandId', Message: 'Must be a whole number.' }]);
  if (!user.brandIds.has(id)) throw forbidden('You are not assigned to this brand.');
}

/** Issue 10: every query and path parameter checked against its declaration, and no NUL or broken Unicode anywhere, before any query. */
function checkParams(c: Context<AppEnv>, opts: RouteOptions, check: ParamChecker) {
  const raw = c.req.query();
  const path = c.req.param() as Record<string, string>;
  const faults = [...textFaults(raw), ...textFaults(path)].map((e) => ({ ...e, Field: e.Field.slice(1) }));
  if (faults.length) throw badRequest(TEXT_FAULT_MESSAGE, faults);
  const errors = check(declaredValues(raw, opts.query), path);
  if (errors.length) throw badRequest('The request is invalid.', errors);
  setDeclaredQuery(c, Object.keys(opts.query ?? {}));
}

function guard(rule: Rule, opts: RouteOptions, heavy: boolean): GuardedMiddleware {
  const check = paramChecker(opts.query, opts.params);
  const fair = heavy ? fairUse() : undefined;
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const ctx = c.get('ctx');
    if (rule.kind !== 'public') {
      const user = await authenticate(ctx, c.req.header('authorization'));
      const allowed = rule.kind === 'signedIn' ? true : rule.kind === 'custom' ? rule.test(user) : rule.perms.some(([m, a]) => can(user, m, a));
      if (!allowed) throw permissionDenied();
      c.set('user', user);
    }
    checkParams(c, opts, check);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !opts.stream) {
      let body = await readBody(c);
      const faults = textFaults(body);
      if (faults.length) throw badRequest(TEXT_FAULT_MESSAGE, faults);
      if (opts.body) {
        const schema = ctx.schemas.requests.get(opts.body);
        if (!schema) throw new Error(`Route ${c.req.path} names unknown request schema '${opts.body}'`);
        body = canonicalKeys(body, Object.keys(schema.properties));
        const errors = ctx.schemas.validate('request', opts.body, body);
        if (errors.length) throw badRequest('The request is invalid.', errors);
      }
      c.set('body', body);
    } else {
      c.set('body', {});
    }
    if (opts.brandParam) {
      const user = c.get('user');
      const value = rawQueryParam(c, opts.brandParam) ?? c.get('body')[opts.brandParam];
      if (value === undefined) throw badRequest(`The parameter ${opts.brandParam} is required.`, [{ Field: opts.brandParam, Message: 'Required.' }]);
      requireBrand(user, value);
    }
    // The audit rows the request writes name its path (issue 30's cell history); heavy work (exports, reports,
    // uploads, carryover: fair-use.ts) is limited per user.
    await withWritePath(requestWritePath(c.req.path), fair ? () => fair(c, next) : next);
  };
  return Object.assign(mw, { [GUARD]: rule });
}

/** The 413 of a body past the route's limit, naming it (issue 29). */
const tooLarge = (maxSize: number) => () => {
  throw new AppError(413, 'payload_too_large', `The request body is larger than the limit of ${Math.max(1, Math.round(maxSize / 1024 / 1024))} MB.`);
};

/** Lower-cases a route's static segments; `:param` names keep their spelling. */
const lowerStatic = (path: string) =>
  path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? seg : seg.toLowerCase()))
    .join('/');

/** A sub-app whose routes all go through `guard`; paths are registered in lower case (matched case-insensitively). */
export interface RouteInfo {
  method: string;
  path: string;
  rule: Rule;
  opts: RouteOptions;
}

export class ApiRouter {
  readonly app = new Hono<AppEnv>();
  /** What was declared, as written (for the OpenAPI document). */
  readonly declared: RouteInfo[] = [];

  private add(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, rule: Rule, opts: RouteOptions, handler: Handler) {
    for (const [, name] of path.matchAll(/:(\w+)/g)) {
      if (!opts.params?.[name]) throw new Error(`Route ${method} ${path} does not declare its path parameter '${name}' (RouteOptions.params)`);
    }
    if (method === 'GET' && opts.brandParam && !opts.query?.[opts.brandParam]) {
      throw new Error(`Route ${method} ${path} does not declare its brand parameter '${opts.brandParam}' (RouteOptions.query)`);
    }
    this.declared.push({ method, path, rule, opts });
    const heavy = isHeavy(method, path);
    if (opts.stream) {
      this.app.on(method, lowerStatic(path), guard(rule, opts, heavy), handler);
      return;
    }
    const maxSize = opts.maxBody ?? DEFAULT_MAX_BODY;
    const limit = bodyLimit({ maxSize, onError: tooLarge(maxSize) });
    this.app.on(method, lowerStatic(path), limit, guard(rule, opts, heavy), handler);
  }

  get(path: string, rule: Rule, handler: Handler): void;
  get(path: string, rule: Rule, opts: RouteOptions, handler: Handler): void;
  get(path: string, rule: Rule, a: RouteOptions | Handler, b?: Handler) {
    this.add('GET', path, rule, typeof a === 'function' ? {} : a, (b ?? a) as Handler);
  }

  post(path: string, rule: Rule, handler: Handler): void;
  post(path: string, rule: Rule, opts: RouteOptions, handler: Handler): void;
  post(path: string, rule: Rule, a: RouteOptions | Handler, b?: Handler) {
    this.add('POST', path, rule, typeof a === 'function' ? {} : a, (b ?? a) as Handler);
  }
}
