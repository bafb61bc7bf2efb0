/**
 * Routes of the Pattern screens (issue 4). The record screen is the shared RecordEditor until the
 * Pattern-specific screen replaces it.
 */
import type { RouteObject } from 'react-router-dom';

export const patternRoutes: RouteObject[] = [
  {
    path: 'pattern/:id',
    handle: { crumb: (m: { params: Record<string, string | undefined> }) => `Pattern ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./PatternScreen')).PatternScreen }),
  },
];
