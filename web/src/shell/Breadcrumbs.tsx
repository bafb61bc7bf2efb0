/**
 * SHELL-002 and issue 11: breadcrumbs from the matched routes' `handle` (crumbs.ts), always
 * starting at Home; the last step shows the open record's name (usePageTitle), a screen under a
 * record shows that record's name (record-name.ts). The same steps make the document title.
 */
import { useEffect } from 'react';
import { Link, useLocation, useMatches, type UIMatch } from 'react-router-dom';
import { APP_NAME } from './AppName';
import { crumbSteps, documentTitle, parentRecordOf, type Crumb, type CrumbHandle } from './crumbs';
import { usePageName } from './page-title-store';
import { useRecordName } from './record-name';

/** The steps of the current page, Home first. */
export function useCrumbs(): Crumb[] {
  const matches = useMatches() as UIMatch<unknown, CrumbHandle | undefined>[];
  const name = usePageName(useLocation().pathname);
  const recordName = useRecordName(parentRecordOf(matches));
  return crumbSteps(matches, name, recordName);
}

export function Breadcrumbs() {
  const crumbs = useCrumbs();
  const title = documentTitle(crumbs);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_NAME;
    },
    [],
  );
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the trail is rebuilt for each page and a step's place is its identity (a step may have no link); the items hold no state
          <li key={`${i}${c.to}`}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : c.to ? <Link to={c.to}>{c.label}</Link> : <span>{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
