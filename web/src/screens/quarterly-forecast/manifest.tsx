/** Route of the quarterly forecast (QF-001, PERM-020: module 26 read opens it; edit is checked on the screen and by the server). */
import { permission } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

export const quarterlyForecastManifest: FeatureManifest = {
  routes: [
    {
      path: 'quarterlyForecasting',
      access: permission('quarterlyForecasting', 'read'),
      nav: { group: 'Planning', label: 'Quarterly forecast' },
      handle: { crumb: 'Quarterly Forecast', parent: navGroupOf },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./QuarterlyForecastScreen')).QuarterlyForecastScreen }) }],
    },
  ],
};
