/**
 * Routes of the Brief screens (BRIEF-001, BRIEF-002): create (plain, from a line plan, as a copy),
 * the record screen and the old edit path that redirects to it.
 */
import type { RouteObject } from 'react-router-dom';
import { underRecord } from '../../shell/crumbs';
import { listOf } from '../../shell/list-crumbs';

const createScreen = async () => ({ Component: (await import('./BriefCreateScreen')).BriefCreateScreen });

export const briefRoutes: RouteObject[] = [
  { path: 'briefCreate', handle: { crumb: () => 'Create Brief', parent: listOf('brief') }, lazy: createScreen },
  { path: 'briefFromLinePlan/:linePlanId', handle: { crumb: () => 'Create Brief', record: underRecord('line-plan', 'linePlanId') }, lazy: createScreen },
  { path: 'briefCopy/:parentBriefSeasonalId', handle: { crumb: () => 'Copy Brief', record: underRecord('brief', 'parentBriefSeasonalId') }, lazy: createScreen },
  {
    path: 'brief/:id',
    handle: { crumb: 'Brief', parent: listOf('brief') },
    lazy: async () => ({ Component: (await import('./BriefScreen')).BriefScreen }),
  },
  { path: 'briefEdit/:id', lazy: async () => ({ Component: (await import('./BriefScreen')).BriefEditRedirect }) },
];
