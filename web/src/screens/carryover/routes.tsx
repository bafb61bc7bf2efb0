/** Routes of the carryover flow (CARRY-001): /carryover → /carryoverConform → /carryoverFinal, each with PERM-015 (module 14 edit). */
import type { RouteObject } from 'react-router-dom';
import { RequireAnyPermission } from '../admin/common/RequireAnyPermission';
import { navGroupOf } from '../../shell/list-crumbs';
import { CARRYOVER } from './carryover-permissions';

const first = () => ({ to: '/carryover', label: 'Carryover' });

export const carryoverRoutes: RouteObject[] = [
  {
    element: <RequireAnyPermission anyOf={CARRYOVER} />,
    children: [
      { path: 'carryover', handle: { crumb: 'Carryover', parent: navGroupOf }, lazy: async () => ({ Component: (await import('./CarryoverSelectScreen')).CarryoverSelectScreen }) },
      { path: 'carryoverConform', handle: { crumb: 'Review', parent: first }, lazy: async () => ({ Component: (await import('./CarryoverReviewScreen')).CarryoverReviewScreen }) },
      { path: 'carryoverFinal', handle: { crumb: 'Target season', parent: first }, lazy: async () => ({ Component: (await import('./CarryoverFinalScreen')).CarryoverFinalScreen }) },
    ],
  },
];
