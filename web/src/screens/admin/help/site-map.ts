/** SHELL-023: the app's signed-in routes as a flat list; paths with a parameter need an id. */
import type { RouteObject } from 'react-router-dom';

export interface SiteLink { path: string; title: string; needsId: boolean }

export const NEEDS_ID = 'This link requires an ID for the specific module.';

const HIDDEN = new Set(['/permissionDenied', '/recordDeleted', '/errorPage', '/displayUserMessage']);

/** Every path under the routes (signed-in part), with its breadcrumb title where it has one. */
export function siteLinks(routes: readonly RouteObject[], prefix = ''): SiteLink[] {
  const out: SiteLink[] = [];
  for (const r of routes) {
    const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    const crumb = (r.handle as { crumb?: unknown } | undefined)?.crumb;
    if (r.path && r.path !== '*' && !HIDDEN.has(path)) {
      out.push({ path, title: typeof crumb === 'string' ? crumb : path.slice(1), needsId: /:/.test(path) });
    }
    if (r.children) out.push(...siteLinks(r.children, path));
  }
  return [...new Map(out.map((l) => [l.path, l])).values()];
}
