/**
 * Routes of the Brief screens (BRIEF-001, BRIEF-002): create (plain, from a line plan, as a copy),
 * the record screen and the old edit path that redirects to it; the brief search grid in the menu with module 3 read.
 */
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';
import { gridRoute } from '../grid/manifest';

const READ = permission('brief', 'read');
const CREATE = permission('brief', 'create');
const createScreen = async () => ({ Component: (await import('./BriefCreateScreen')).BriefCreateScreen });

export const briefManifest: FeatureManifest = {
  routes: [
    gridRoute('brief-search', READ, { group: 'Products', label: 'Briefs', listOf: 'brief' }),
    { path: 'briefCreate', access: CREATE, handle: { crumb: () => 'Create Brief', parent: listOf('brief') }, lazy: createScreen },
    {
      path: 'briefFromLinePlan/:linePlanId',
      access: CREATE,
      handle: { crumb: () => 'Create Brief', record: underRecord('line-plan', 'linePlanId') },
      lazy: createScreen,
    },
    {
      path: 'briefCopy/:parentBriefSeasonalId',
      access: CREATE,
      handle: { crumb: () => 'Copy Brief', record: underRecord('brief', 'parentBriefSeasonalId') },
      lazy: createScreen,
    },
    {
      path: 'brief/:id',
      access: READ,
      handle: { crumb: 'Brief', parent: listOf('brief') },
      lazy: async () => ({ Component: (await import('./BriefScreen')).BriefScreen }),
    },
    { path: 'briefEdit/:id', access: READ, lazy: async () => ({ Component: (await import('./BriefScreen')).BriefEditRedirect }) },
  ],
};
