/**
 * The route table (SHELL-001, AUTH-002..004), built from the features' manifests (web/src/features.ts):
 * public routes behind PublicOnly, signed-in routes behind RequireSession inside AppLayout, every
 * screen loaded lazily so the sign-in page stays small, and each route's access rule as its guard
 * (RequireAccess). An unknown path shows 'Page not found' to a signed-in user (issue 11, the system
 * feature's `*` route) and goes to /login otherwise (SHELL-001).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { FEATURES } from '../features';
import type { CrumbHandle, CrumbMatch } from './crumbs';
import { SITE } from './list-crumbs';
import { screen, type ScreenHandle, type ScreenRoute, type Site } from './manifest';
import { PageFallback } from './PageFallback';
import { PublicOnly } from './PublicOnly';
import { RequireAccess } from './RequireAccess';
import { RequireSession } from './RequireSession';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** A manifest value read with the site's knowledge (lists, menus) bound in. */
const bind = <T,>(v: T | ((m: CrumbMatch, site: Site) => T) | undefined) =>
  typeof v === 'function' ? (m: CrumbMatch) => (v as (m: CrumbMatch, site: Site) => T)(m, SITE) : v;

function handleOf(h: ScreenHandle | undefined): CrumbHandle | undefined {
  if (!h) return undefined;
  const record = h.record && { ...h.record, list: SITE.lists[h.record.entity] ?? null };
  return { crumb: bind(h.crumb), parent: bind(h.parent), ...(record && { record }) };
}

/** The screen of a route: its lazy module or its component. */
const screenOf = (r: ScreenRoute) => ({ ...(r.lazy && { lazy: r.lazy }), ...(r.Component && { Component: r.Component }) });

/** A manifest route as a router route; a route with a rule gets RequireAccess as its element, its own screen as the index below it. */
function toRouteObject(r: ScreenRoute): RouteObject {
  const handle = handleOf(r.handle);
  if (r.index) return { index: true, handle, ...screenOf(r) };
  const children = (r.children ?? []).map(toRouteObject);
  if (!r.access) return { path: r.path, handle, ...screenOf(r), ...(children.length ? { children } : {}) };
  const own: RouteObject[] = r.lazy || r.Component ? [{ index: true, ...screenOf(r) }] : [];
  return { path: r.path, handle, element: <RequireAccess rule={r.access} />, children: [...own, ...children] };
}

const toLogin = <Navigate to="/login" replace />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageFallback,
    children: [
      { element: <PublicOnly />, children: FEATURES.flatMap((f) => f.publicRoutes ?? []).map(toRouteObject) },
      {
        element: <RequireSession />,
        children: [{ lazy: screen(() => import('./AppLayout'), 'AppLayout'), children: FEATURES.flatMap((f) => f.routes ?? []).map(toRouteObject) }],
      },
      { index: true, element: toLogin },
    ],
  },
];
