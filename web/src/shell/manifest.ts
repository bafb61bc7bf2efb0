/**
 * What a feature tells the shell (issue 26 "one manifest per feature"): its routes with their lazy
 * screens, the access rule each needs, their breadcrumb steps and their menu entries. Every
 * `web/src/screens/<feature>/manifest.tsx` exports one `FeatureManifest`; `web/src/features.ts`
 * lists them, and the shell derives the route table (routes.tsx), the menus (nav-items.ts), the
 * list steps of the breadcrumbs (list-crumbs.ts) and the site map (site-map.ts) from that list.
 * A manifest imports only this module, crumbs.ts and its own folder: never what the shell derives.
 */
import type { ComponentType } from 'react';
import type { AccessRule } from '@domain/access';
import type { HierarchyLevel } from '../components/record/hierarchy';
import type { Crumb, CrumbMatch, RecordParam } from './crumbs';

/** The menus of the bar, in their order (SHELL-003, issue 11). */
export const NAV_GROUP_LABELS = ['Products', 'Edit in bulk', 'Planning', 'Reports', 'Admin', 'Help'] as const;
export type NavGroupLabel = (typeof NAV_GROUP_LABELS)[number];

/** A menu entry: the link to its route, shown to users the route's rule lets in. */
export interface NavEntry {
  group: NavGroupLabel;
  label: string;
  /**
   * Offered only to users who also pass this rule, where the route opens for more users than the
   * menu offers it to (e.g. /Search opens for every level reader, the menu offers it with module 8).
   * It narrows the route's rule; nothing widens it.
   */
  offer?: AccessRule;
  /** This entry is the list of the entity's records: the breadcrumb step before a record and its not-found page's way back. */
  listOf?: HierarchyLevel['entity'];
}

/** What the shell knows from all manifests, for crumbs that depend on it. */
export interface Site {
  /** The list of each hierarchy entity (the entries marked `listOf`). */
  lists: Readonly<Record<string, Crumb>>;
  /** The menu a path is listed in, as a step without a page; null if none. */
  groupOf: (pathname: string) => Crumb | null;
}

type Of<T> = T | ((match: CrumbMatch, site: Site) => T);

export interface ScreenHandle {
  crumb?: Of<string>;
  /** The list or menu the screen belongs to (a step before its own). */
  parent?: Of<Crumb | null>;
  /** The record the screen is under (underRecord in crumbs.ts): its list and its name come before the screen's step. */
  record?: RecordParam;
}

type LazyScreen = () => Promise<{ Component: ComponentType }>;

export interface ScreenRoute {
  path?: string;
  index?: true;
  /**
   * Who may open this route and every route below it: the route guard, the menu entry and the site
   * map all use this one rule (issue 27 "Menus offer only what the user may open").
   */
  access?: AccessRule;
  handle?: ScreenHandle;
  lazy?: LazyScreen;
  Component?: ComponentType;
  children?: readonly ScreenRoute[];
  nav?: NavEntry;
  /** Not listed in the site map (message pages). */
  unlisted?: true;
}

export interface FeatureManifest {
  /** Routes of the signed-in app (inside the navigation bar's layout). */
  routes?: readonly ScreenRoute[];
  /** Routes for signed-out users only (sign-in, registration, password reset). */
  publicRoutes?: readonly ScreenRoute[];
  /** Called once when the app starts (e.g. a global keyboard shortcut). */
  start?: () => void;
}

/** `handle.parent` of a screen listed in a menu: the menu's name (no page of its own). */
export const navGroupOf = (m: CrumbMatch, site: Site) => site.groupOf(m.pathname);

/** `handle.parent` of a record screen of the entity: its list. */
export const listOf = (entity: HierarchyLevel['entity']) => (_m: CrumbMatch, site: Site) => site.lists[entity] ?? null;

/** `lazy` for a module exporting the screen under `name`. */
export function screen<M>(load: () => Promise<M>, name: keyof M): LazyScreen {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** A route with its full path and every access rule from the top down to it. */
export interface PlacedRoute {
  route: ScreenRoute;
  path: string;
  access: readonly AccessRule[];
}

/** Every route of the tree, parents before children, with its full path ('/a/:id') and its rules. */
export function placeRoutes(routes: readonly ScreenRoute[], prefix = '', access: readonly AccessRule[] = []): PlacedRoute[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    const rules = route.access ? [...access, route.access] : access;
    return [{ route, path, access: rules }, ...placeRoutes(route.children ?? [], path, rules)];
  });
}
