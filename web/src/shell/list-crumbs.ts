/**
 * The list level of each record screen (issue 11): the breadcrumb step before a record's name and
 * the way back from a record that was not found. Keyed by hierarchy entity.
 */
import type { UIMatch } from 'react-router-dom';
import type { Crumb } from './crumbs';
import { NAV_GROUPS } from './nav-items';

export const LIST_CRUMBS: Readonly<Record<string, Crumb>> = {
  'line-plan': { to: '/linePlanList', label: 'Line plans' },
  brief: { to: '/grid/brief-search', label: 'Briefs' },
  pattern: { to: '/patternList', label: 'Patterns' },
  colorway: { to: '/grid/colorway-search', label: 'Colorways' },
};

/** `handle.parent` of a record screen of the entity. */
export const listOf = (entity: string) => () => LIST_CRUMBS[entity] ?? null;

/** `handle.parent` of a screen listed in a navigation group: the group's name (no page of its own). */
export function navGroupOf(m: UIMatch): Crumb | null {
  const group = NAV_GROUPS.find((g) => g.items.some((i) => i.to.toLowerCase() === m.pathname.toLowerCase()));
  return group ? { to: '', label: group.label } : null;
}
