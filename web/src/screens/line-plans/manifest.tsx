/**
 * Routes of the line plan screens (LP-001..005): the list and the line plan grid in the menus with
 * module 1 read; the record screens with module 1 read, create with 1/3 (issue 27: the guard, the
 * site map and the screens' own checks are one rule).
 */
import { Navigate, useParams } from 'react-router-dom';
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';
import { gridRoute } from '../grid/manifest';

/** LP-002 */
function LinePlanEditRedirect() {
  return <Navigate to={`/linePlan/${useParams().id ?? ''}`} replace />;
}

const READ = permission('linePlan', 'read');

export const linePlanManifest: FeatureManifest = {
  routes: [
    {
      path: 'linePlanCreate',
      access: permission('linePlan', 'create'),
      handle: { crumb: () => 'Create Line Plan', parent: listOf('line-plan') },
      lazy: async () => ({ Component: (await import('./LinePlanCreateScreen')).LinePlanCreateScreen }),
    },
    {
      path: 'linePlanList',
      access: READ,
      nav: { group: 'Products', label: 'Line plans', listOf: 'line-plan' },
      handle: { crumb: () => 'Line plans' },
      lazy: async () => ({ Component: (await import('./LinePlanListScreen')).LinePlanListScreen }),
    },
    {
      path: 'linePlan/:id',
      access: READ,
      handle: { crumb: () => 'Line plan', parent: listOf('line-plan') },
      lazy: async () => ({ Component: (await import('./LinePlanScreen')).LinePlanScreen }),
    },
    {
      path: 'linePlan/:id/gantt',
      access: READ,
      handle: { crumb: () => 'Gantt', record: underRecord('line-plan', 'id') },
      lazy: async () => ({ Component: (await import('./LinePlanGanttScreen')).LinePlanGanttScreen }),
    },
    { path: 'linePlanEdit/:id', access: READ, Component: LinePlanEditRedirect },
    gridRoute('line-plan-search', READ, { group: 'Planning', label: 'Line plan grid' }),
  ],
};
