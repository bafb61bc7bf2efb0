/**
 * Routes of the LinePlan screens (issue 4). The record screen is the shared RecordEditor until the
 * LinePlan-specific screen replaces it.
 */
import type { RouteObject } from 'react-router-dom';

export const linePlanRoutes: RouteObject[] = [
  {
    path: 'linePlan/:id',
    handle: { crumb: (m: { params: Record<string, string | undefined> }) => `LinePlan ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./LinePlanScreen')).LinePlanScreen }),
  },
];
