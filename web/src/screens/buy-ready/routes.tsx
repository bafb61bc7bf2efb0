/** Routes of the buy-ready screens (BR-001, BR-006): the report with PERM-014 read or PERM-019 read; the overrides with PERM-019. */
import type { RouteObject } from 'react-router-dom';
import { RequireAnyPermission } from '../admin/common/RequireAnyPermission';
import { navGroupOf } from '../../shell/list-crumbs';
import { BUY_READY_OVERRIDE, BUY_READY_VIEW } from './buy-ready-permissions';

const report = () => ({ to: '/buyready', label: 'Buy Ready' });
const screen = async () => ({ Component: (await import('./BuyReadyScreen')).BuyReadyScreen });

export const buyReadyRoutes: RouteObject[] = [
  {
    path: 'buyready',
    handle: { crumb: 'Buy Ready', parent: navGroupOf },
    element: <RequireAnyPermission anyOf={BUY_READY_VIEW} />,
    children: [
      { index: true, lazy: screen },
      { path: ':prototypeSeasonalId', handle: { crumb: 'Colorway', parent: report }, lazy: screen },
    ],
  },
  {
    path: 'buyreadyoverride',
    handle: { crumb: 'Buy Ready Overrides', parent: report },
    element: <RequireAnyPermission anyOf={BUY_READY_OVERRIDE} />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./BuyReadyOverrideScreen')).BuyReadyOverrideScreen }) }],
  },
];
