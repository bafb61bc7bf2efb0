/**
 * SHELL-002: breadcrumbs from the matched routes' `handle.crumb`, always starting at Home.
 */
import { Link, useMatches, type UIMatch } from 'react-router-dom';

export interface CrumbHandle {
  crumb?: string | ((match: UIMatch) => string);
}

export function Breadcrumbs() {
  const matches = useMatches() as UIMatch<unknown, CrumbHandle>[];
  const crumbs = matches
    .filter((m) => m.handle?.crumb)
    .map((m) => ({ to: m.pathname, label: typeof m.handle.crumb === 'function' ? m.handle.crumb(m) : m.handle.crumb! }));
  if (!crumbs.length || crumbs[0].to.toLowerCase() !== '/home') crumbs.unshift({ to: '/home', label: 'Home' });
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.to}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <Link to={c.to}>{c.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
