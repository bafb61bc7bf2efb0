/**
 * Breadcrumb steps that come from the menus (issue 11), derived from the manifests: the list of
 * each record level (the step before a record's name and the way back from a record that was not
 * found: the menu entries marked `listOf`) and the menu a screen is listed in (`navGroupOf`).
 */
import type { Crumb } from './crumbs';
import type { Site } from './manifest';
import { NAV_GROUPS } from './nav-items';

export const LIST_CRUMBS: Readonly<Record<string, Crumb>> = Object.fromEntries(
  NAV_GROUPS.flatMap((g) => g.items).flatMap((i) => (i.listOf ? [[i.listOf, { to: i.to, label: i.label }]] : [])),
);

/** The menu listing the path, as a step without a page of its own. */
function groupOf(pathname: string): Crumb | null {
  const group = NAV_GROUPS.find((g) => g.items.some((i) => i.to.toLowerCase() === pathname.toLowerCase()));
  return group ? { to: '', label: group.label } : null;
}

export const SITE: Site = { lists: LIST_CRUMBS, groupOf };
