/**
 * The main navigation as groups of links (issue 11), derived from the features' manifests: each
 * link is a route's menu entry and shows only to users its route's rules (and the entry's `offer`)
 * let in; a group with no such link is not shown. The bar renders the groups as dropdown menus,
 * the mobile drawer (below 1050 px) as headed lists. The order is the order of web/src/features.ts.
 */
import type { AccessRule } from '@domain/access';
import { FEATURES } from '../features';
import { NAV_GROUP_LABELS, placeRoutes, type FeatureManifest, type NavEntry } from './manifest';

export interface NavItem {
  to: string;
  label: string;
  /** Every one must pass: the rules of the route and of the routes above it, then the entry's `offer`. */
  access: readonly AccessRule[];
  listOf?: NavEntry['listOf'];
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/** Home is a plain link; everything else is in a group. */
export const HOME_ITEM: NavItem = { to: '/home', label: 'Home', access: [] };

function navGroupsOf(features: readonly FeatureManifest[]): NavGroup[] {
  const entries = features
    .flatMap((f) => placeRoutes(f.routes ?? []))
    .flatMap(({ route, path, access }) => {
      const nav = route.nav;
      return nav ? [{ group: nav.group, item: { to: path, label: nav.label, access: nav.offer ? [...access, nav.offer] : access, listOf: nav.listOf } }] : [];
    });
  return NAV_GROUP_LABELS.map((label) => ({ label, items: entries.filter((e) => e.group === label).map((e) => e.item) }));
}

export const NAV_GROUPS: readonly NavGroup[] = navGroupsOf(FEATURES);
