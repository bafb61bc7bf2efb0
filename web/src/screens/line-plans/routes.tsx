/** Routes of the line plan screens (LP-001..005). */
import { Navigate, useParams, type RouteObject } from 'react-router-dom';

type Crumb = { params: Record<string, string | undefined> };

/** LP-002 */
function LinePlanEditRedirect() {
  return <Navigate to={`/linePlan/${useParams().id ?? ''}`} replace />;
}

export const linePlanRoutes: RouteObject[] = [
  {
    path: 'linePlanCreate',
    handle: { crumb: () => 'Create Line Plan' },
    lazy: async () => ({ Component: (await import('./LinePlanCreateScreen')).LinePlanCreateScreen }),
  },
  {
    path: 'linePlanList',
    handle: { crumb: () => 'Line Plans' },
    lazy: async () => ({ Component: (await import('./LinePlanListScreen')).LinePlanListScreen }),
  },
  {
    path: 'linePlan/:id',
    handle: { crumb: (m: Crumb) => `LinePlan ${m.params.id}` },
    lazy: async () => ({ Component: (await import('./LinePlanScreen')).LinePlanScreen }),
  },
  {
    path: 'linePlan/:id/gantt',
    handle: { crumb: (m: Crumb) => `LinePlan ${m.params.id} Gantt` },
    lazy: async () => ({ Component: (await import('./LinePlanGanttScreen')).LinePlanGanttScreen }),
  },
  { path: 'linePlanEdit/:id', Component: LinePlanEditRedirect },
];
