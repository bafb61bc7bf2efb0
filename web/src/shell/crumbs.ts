/**
 * The steps of the breadcrumb (SHELL-002, issue 11) from the matched routes' `handle`, always
 * starting at Home: a screen's list (`parent`), or for a screen under a record (its gantt, a
 * create-from-parent or copy screen) that record's list and the record itself by name (`record`),
 * then the screen's own `crumb`. The same steps make the document title, most specific first.
 */
import type { UIMatch } from 'react-router-dom';
import { levelOf, type HierarchyLevel } from '../components/record/hierarchy';
import { APP_NAME } from './AppName';

/** A step; `to` '' is a heading without a page (a navigation group). */
export interface Crumb {
  to: string;
  label: string;
}
/** What a crumb or parent function reads of its route's match. */
export type CrumbMatch = Pick<UIMatch, 'pathname' | 'params'>;
type Of<T> = T | ((match: CrumbMatch) => T);

/**
 * The record a screen belongs to: its level and the route parameter holding its id; `list`, the
 * level's list step, is filled in by the shell from the manifests (list-crumbs.ts).
 */
export interface RecordParam {
  entity: HierarchyLevel['entity'];
  param: string;
  list?: Crumb | null;
}

export interface CrumbHandle {
  crumb?: Of<string>;
  /** The list the screen belongs to, e.g. { to: '/linePlanList', label: 'Line plans' }. */
  parent?: Of<Crumb | null>;
  /** The record the screen is under (underRecord): its list and its name come before the screen's step. */
  record?: RecordParam;
}

/** `handle.record` of a screen under a record of `entity` whose id is the route parameter `param`. */
export const underRecord = (entity: RecordParam['entity'], param: string): RecordParam => ({ entity, param });

type Match = Pick<UIMatch<unknown, CrumbHandle | undefined>, 'pathname' | 'params' | 'handle'>;

const value = <T>(v: Of<T>, m: Match): T => (typeof v === 'function' ? (v as (m: Match) => T)(m) : v);

/** The record the page is under (its level and id, a positive whole number), if any. */
export function parentRecordOf(matches: readonly Match[]): { level: HierarchyLevel; id: number } | null {
  const m = [...matches].reverse().find((x) => x.handle?.record);
  const level = m && levelOf(m.handle!.record!.entity);
  const id = m?.params[m.handle!.record!.param] ?? '';
  return level && /^\d+$/.test(id) && Number(id) > 0 ? { level, id: Number(id) } : null;
}

/**
 * The page's steps, Home first. `name` (usePageTitle) names the last step; `recordName` the
 * record the page is under, which shows as its level's title until it is known.
 */
export function crumbSteps(matches: readonly Match[], name: string | null, recordName: string | null): Crumb[] {
  const record = parentRecordOf(matches);
  const crumbs: Crumb[] = [];
  for (const m of matches) {
    if (!m.handle?.crumb) continue;
    const parents = m.handle.record
      ? [m.handle.record.list, record && { to: record.level.path(record.id), label: recordName ?? record.level.title }]
      : [m.handle.parent ? value(m.handle.parent, m) : null];
    crumbs.push(...parents.filter((c): c is Crumb => !!c), { to: m.pathname, label: value(m.handle.crumb, m) });
  }
  if (!crumbs.length || crumbs[0].to.toLowerCase() !== '/home') crumbs.unshift({ to: '/home', label: 'Home' });
  if (name && crumbs.length > 1) crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1], label: name };
  return crumbs;
}

/** "Record · List · PLM Workbench": the steps after Home, most specific first. */
export const documentTitle = (crumbs: readonly Crumb[]) =>
  [...(crumbs.length > 1 ? crumbs.slice(1) : crumbs)]
    .reverse()
    .map((c) => c.label)
    .concat(APP_NAME)
    .join(' · ');
