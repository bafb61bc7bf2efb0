/** Route of the quarterly forecast (QF-001, PERM-020: module 26 read opens it; edit is checked on the screen and by the server). */
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../shell/RequirePermission';
import { navGroupOf } from '../../shell/list-crumbs';

export const quarterlyForecastRoutes: RouteObject[] = [
  {
    path: 'quarterlyForecasting',
    handle: { crumb: 'Quarterly Forecast', parent: navGroupOf },
    element: <RequirePermission module="quarterlyForecasting" action="read" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./QuarterlyForecastScreen')).QuarterlyForecastScreen }) }],
  },
];
