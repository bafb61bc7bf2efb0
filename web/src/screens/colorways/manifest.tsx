/** Routes of the colorway screens (CW-001); the colorway search grid in the menu with module 5 read. */
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';
import { gridRoute } from '../grid/manifest';

const READ = permission('colorway', 'read');
const CREATE = permission('colorway', 'create');
const create = async () => ({ Component: (await import('./ColorwayCreateScreen')).ColorwayCreateScreen });

export const colorwayManifest: FeatureManifest = {
  routes: [
    gridRoute('colorway-search', READ, { group: 'Products', label: 'Colorways', listOf: 'colorway' }),
    {
      path: 'colorway/:id',
      access: READ,
      handle: { crumb: 'Colorway', parent: listOf('colorway') },
      lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayScreen }),
    },
    { path: 'prototypeEdit/:id', access: READ, lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayEditRedirect }) },
    { path: 'prototypeCreate', access: CREATE, handle: { crumb: () => 'Create Colorway', parent: listOf('colorway') }, lazy: create },
    {
      path: 'prototypeFromPattern/:patternSeasonalId',
      access: CREATE,
      handle: { crumb: () => 'Create Colorway', record: underRecord('pattern', 'patternSeasonalId') },
      lazy: create,
    },
    {
      path: 'prototypeCopy/:parentPrototypeSeasonalId',
      access: CREATE,
      handle: { crumb: () => 'Copy Colorway', record: underRecord('colorway', 'parentPrototypeSeasonalId') },
      lazy: create,
    },
  ],
};
