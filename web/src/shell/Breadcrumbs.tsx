/**
 * SHELL-002 and issue 11: breadcrumbs from the matched routes' `handle` (its list level as `parent`,
 * then its own `crumb`), always starting at Home; the last step shows the open record's name
 * (usePageTitle). The same steps make the document title, most specific first.
 */
import { useEffect } from 'react';
import { Link, useLocation, useMatches, type UIMatch } from 'react-router-dom';
import { APP_NAME } from './AppName';
import { usePageName } from './page-title-store';

/** A step; `to` '' is a heading without a page (a navigation group). */
export interface Crumb { to: string; label: string }
type Of<T> = T | ((match: UIMatch) => T);

export interface CrumbHandle {
  crumb?: Of<string>;
  /** The list the screen belongs to, e.g. { to: '/linePlanList', label: 'Line plans' }. */
  parent?: Of<Crumb | null>;
}

const value = <T,>(v: Of<T>, m: UIMatch): T => (typeof v === 'function' ? (v as (m: UIMatch) => T)(m) : v);

/** The steps of the current page, Home first. */
export function useCrumbs(): Crumb[] {
  const matches = useMatches() as UIMatch<unknown, CrumbHandle | undefined>[];
  const { pathname } = useLocation();
  const name = usePageName(pathname);
  const crumbs: Crumb[] = [];
  for (const m of matches) {
    if (!m.handle?.crumb) continue;
    const parent = m.handle.parent ? value(m.handle.parent, m) : null;
    if (parent) crumbs.push(parent);
    crumbs.push({ to: m.pathname, label: value(m.handle.crumb, m) });
  }
  if (!crumbs.length || crumbs[0].to.toLowerCase() !== '/home') crumbs.unshift({ to: '/home', label: 'Home' });
  if (name && crumbs.length > 1) crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1], label: name };
  return crumbs;
}

/** "Record · List · PLM Workbench": the steps after Home, most specific first. */
export const documentTitle = (crumbs: readonly Crumb[]) =>
  [...(crumbs.length > 1 ? crumbs.slice(1) : crumbs)].reverse().map((c) => c.label).concat(APP_NAME).join(' · ');

export function Breadcrumbs() {
  const crumbs = useCrumbs();
  const title = documentTitle(crumbs);
  useEffect(() => { document.title = title; }, [title]);
  useEffect(() => () => { document.title = APP_NAME; }, []);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${i}${c.to}`}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : c.to ? <Link to={c.to}>{c.label}</Link> : <span>{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
