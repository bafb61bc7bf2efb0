/** Routes of the critical path search (CP-002) and edit screens (CP-018..028; PERM-014: modules 11/12/13 read to open, edit to save). */
import type { RouteObject } from 'react-router-dom';
import { RequireAnyPermission } from '../admin/common/RequireAnyPermission';
import { CRITICAL_PATH_READ } from './cp-permissions';
import { RequirePermission } from '../../shell/RequirePermission';
import { underRecord } from '../../shell/crumbs';

const search = (type: number) => () => ({ to: `/criticalPath?searchType=${type}`, label: 'Critical Paths' });

export const criticalPathRoutes: RouteObject[] = [
  {
    path: 'criticalPath',
    handle: { crumb: 'Critical Paths' },
    element: <RequireAnyPermission anyOf={CRITICAL_PATH_READ} />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./CriticalPathSearchScreen')).CriticalPathSearchScreen }) }],
  },
  {
    path: 'criticalPathDevPrototypeEdit/:devPrototypeId/:psid?',
    handle: { crumb: 'Dev Prototype Critical Path', record: underRecord('colorway', 'psid'), parent: search(2) },
    element: <RequirePermission module="criticalPathDevPrototype" action="read" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./CriticalPathDevPrototypeScreen')).CriticalPathDevPrototypeScreen }) }],
  },
  {
    path: 'criticalPathDevPatternEdit/:patternSeasonalId',
    handle: { crumb: 'Dev Pattern Critical Path', record: underRecord('pattern', 'patternSeasonalId'), parent: search(1) },
    element: <RequirePermission module="criticalPathDevPattern" action="read" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./PathEditor')).CriticalPathDevPatternScreen }) }],
  },
  {
    path: 'criticalPathCommercializationEdit/:id',
    handle: { crumb: 'Commercialization Critical Path', parent: search(3) },
    element: <RequirePermission module="criticalPathCommercialization" action="read" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./PathEditor')).CriticalPathCommercializationScreen }) }],
  },
];
