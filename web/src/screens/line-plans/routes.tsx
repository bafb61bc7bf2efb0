/** Routes of the line plan screens (LP-001..005). */
import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { underRecord } from '../../shell/crumbs';
import { listOf } from '../../shell/list-crumbs';

/** LP-002 */
function LinePlanEditRedirect() {
  return <Navigate to={`/linePlan/${useParams().id ?? ''}`} replace />;
}

export const linePlanRoutes: RouteObject[] = [
  {
    path: 'linePlanCreate',
    handle: { crumb: () => 'Create Line Plan', parent: listOf('line-plan') },
    lazy: async () => ({ Component: (await import('./LinePlanCreateScreen')).LinePlanCreateScreen }),
  },
  {
    path: 'linePlanList',
    handle: { crumb: () => 'Line plans' },
    lazy: async () => ({ Component: (await import('./LinePlanListScreen')).LinePlanListScreen }),
  },
  {
    path: 'linePlan/:id',
    handle: { crumb: () => 'Line plan', parent: listOf('line-plan') },
    lazy: async () => ({ Component: (await import('./LinePlanScreen')).LinePlanScreen }),
  },
  {
    path: 'linePlan/:id/gantt',
    handle: { crumb: () => 'Gantt', record: underRecord('line-plan', 'id') },
    lazy: async () => ({ Component: (await import('./LinePlanGanttScreen')).LinePlanGanttScreen }),
  },
  { path: 'linePlanEdit/:id', Component: LinePlanEditRedirect },
];
