/**
 * Routes of the Brief screens (BRIEF-001, BRIEF-002): create (plain, from a line plan, as a copy),
 * the record screen and the old edit path that redirects to it; the brief search grid in the menu with module 3 read.
 */
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';
import { gridRoute } from '../grid/manifest';

const createScreen = async () => ({ Component: (await import('./BriefCreateScreen')).BriefCreateScreen });

export const briefManifest: FeatureManifest = {
  routes: [
    gridRoute('brief-search', permission('brief', 'read'), { group: 'Products', label: 'Briefs', listOf: 'brief' }),
    { path: 'briefCreate', handle: { crumb: () => 'Create Brief', parent: listOf('brief') }, lazy: createScreen },
    { path: 'briefFromLinePlan/:linePlanId', handle: { crumb: () => 'Create Brief', record: underRecord('line-plan', 'linePlanId') }, lazy: createScreen },
    { path: 'briefCopy/:parentBriefSeasonalId', handle: { crumb: () => 'Copy Brief', record: underRecord('brief', 'parentBriefSeasonalId') }, lazy: createScreen },
    {
      path: 'brief/:id',
      handle: { crumb: 'Brief', parent: listOf('brief') },
      lazy: async () => ({ Component: (await import('./BriefScreen')).BriefScreen }),
    },
    { path: 'briefEdit/:id', lazy: async () => ({ Component: (await import('./BriefScreen')).BriefEditRedirect }) },
  ],
};
