/**
 * Routes of the Brief screens (issue 4). The record screen is the shared RecordEditor until the
 * Brief-specific screen replaces it.
 */
import type { RouteObject } from 'react-router-dom';

export const briefRoutes: RouteObject[] = [
  {
    path: 'brief/:id',
    handle: { crumb: (m: { params: Record<string, string | undefined> }) => `Brief ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./BriefScreen')).BriefScreen }),
  },
];
