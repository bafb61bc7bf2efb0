/**
 * A record screen whose record does not exist (issue 11; the server answers 404 'The record was
 * not found.'): says so and leads back to the level's list instead of the generic error page.
 */
import { usePageTitle } from '../../shell/page-title-store';
import { useSiteInfo } from '../../shell/site-context';
import { StatusPage } from '../../screens/system/StatusPage';
import type { HierarchyLevel } from './hierarchy';

/** 'The Line Plan was not found.' (the text LP-005 alerted before). */
export const notFoundText = (h: HierarchyLevel) => `The ${h.title} was not found.`;

export function RecordNotFound({ level }: { level: HierarchyLevel }) {
  const list = useSiteInfo().lists[level.entity];
  usePageTitle(`${level.title} not found`);
  return (
    <StatusPage title={`${level.title} not found`} tone="warn" back={list ? { to: list.to, label: `Go to ${list.label}` } : undefined}>
      <p>{notFoundText(level)} It may never have existed, or the address is mistyped.</p>
    </StatusPage>
  );
}
