/** Routes of the colorway screens (CW-001); the colorway search grid in the menu with module 5 read. */
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';
import { gridRoute } from '../grid/manifest';

const create = async () => ({ Component: (await import('./ColorwayCreateScreen')).ColorwayCreateScreen });

export const colorwayManifest: FeatureManifest = {
  routes: [
    gridRoute('colorway-search', permission('colorway', 'read'), { group: 'Products', label: 'Colorways', listOf: 'colorway' }),
    {
      path: 'colorway/:id',
      handle: { crumb: 'Colorway', parent: listOf('colorway') },
      lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayScreen }),
    },
    { path: 'prototypeEdit/:id', lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayEditRedirect }) },
    { path: 'prototypeCreate', handle: { crumb: () => 'Create Colorway', parent: listOf('colorway') }, lazy: create },
    { path: 'prototypeFromPattern/:patternSeasonalId', handle: { crumb: () => 'Create Colorway', record: underRecord('pattern', 'patternSeasonalId') }, lazy: create },
    { path: 'prototypeCopy/:parentPrototypeSeasonalId', handle: { crumb: () => 'Copy Colorway', record: underRecord('colorway', 'parentPrototypeSeasonalId') }, lazy: create },
  ],
};
