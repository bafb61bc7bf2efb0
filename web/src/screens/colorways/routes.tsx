/** Routes of the colorway screens (issue 5). */
import type { RouteObject } from 'react-router-dom';

export const colorwayRoutes: RouteObject[] = [
  {
    path: 'colorway/:id',
    handle: { crumb: (m: { params: Record<string, string | undefined> }) => `Colorway ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./ColorwayScreen')).ColorwayScreen }),
  },
];
