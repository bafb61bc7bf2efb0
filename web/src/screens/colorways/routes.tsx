/** Routes of the colorway screens (CW-001). */
import type { RouteObject } from 'react-router-dom';

const create = async () => ({ Component: (await import('./ColorwayCreateScreen')).ColorwayCreateScreen });

export const colorwayRoutes: RouteObject[] = [
  {
    path: 'colorway/:id',
    handle: { crumb: (m: { params: Record<string, string | undefined> }) => `Colorway ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayScreen }),
  },
  { path: 'prototypeEdit/:id', lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayEditRedirect }) },
  { path: 'prototypeCreate', handle: { crumb: () => 'Create Colorway' }, lazy: create },
  { path: 'prototypeFromPattern/:patternSeasonalId', handle: { crumb: () => 'Create Colorway' }, lazy: create },
  { path: 'prototypeCopy/:parentPrototypeSeasonalId', handle: { crumb: () => 'Copy Colorway' }, lazy: create },
];
