/** Routes of the critical path edit screens (CP-018..028; PERM-014: modules 11/12/13 read to open, edit to save). */
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../shell/RequirePermission';
import { underRecord } from '../../shell/crumbs';

const search = (type: number) => () => ({ to: `/criticalPath?searchType=${type}`, label: 'Critical Paths' });

export const criticalPathRoutes: RouteObject[] = [
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
