/** Routes of the colorway screens (CW-001). */
import type { RouteObject } from 'react-router-dom';
import { underRecord } from '../../shell/crumbs';
import { listOf } from '../../shell/list-crumbs';

const create = async () => ({ Component: (await import('./ColorwayCreateScreen')).ColorwayCreateScreen });

export const colorwayRoutes: RouteObject[] = [
  {
    path: 'colorway/:id',
    handle: { crumb: 'Colorway', parent: listOf('colorway') },
    lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayScreen }),
  },
  { path: 'prototypeEdit/:id', lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayEditRedirect }) },
  { path: 'prototypeCreate', handle: { crumb: () => 'Create Colorway', parent: listOf('colorway') }, lazy: create },
  { path: 'prototypeFromPattern/:patternSeasonalId', handle: { crumb: () => 'Create Colorway', record: underRecord('pattern', 'patternSeasonalId') }, lazy: create },
  { path: 'prototypeCopy/:parentPrototypeSeasonalId', handle: { crumb: () => 'Copy Colorway', record: underRecord('colorway', 'parentPrototypeSeasonalId') }, lazy: create },
];
