/**
 * SHELL-023: the app's signed-in routes as a flat list, derived from the manifests; paths with a
 * parameter need an id. Each link carries its route's rules, so the site map lists what the user may open.
 */
import { FEATURES } from '../features';
import { placeRoutes, type ScreenRoute } from './manifest';
import type { SiteLink } from './site-context';

/** Every path under the routes, with its breadcrumb title where it has one; `*` and unlisted routes left out. */
export function siteLinks(routes: readonly ScreenRoute[]): SiteLink[] {
  const out = placeRoutes(routes).flatMap(({ route, path, access }) => {
    const crumb = route.handle?.crumb;
    return route.path && route.path !== '*' && !route.unlisted
      ? [{ path, title: typeof crumb === 'string' ? crumb : path.slice(1), needsId: /:/.test(path), access }]
      : [];
  });
  return [...new Map(out.map((l) => [l.path, l])).values()];
}

export const SITE_LINKS: readonly SiteLink[] = siteLinks(FEATURES.flatMap((f) => f.routes ?? []));
