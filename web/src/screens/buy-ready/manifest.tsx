/** Routes of the buy-ready screens (BR-001, BR-006): the report with PERM-014 read or PERM-019 read; the overrides with PERM-019; never a factory user (BR-002). */
import { BUY_READY_OVERRIDES, BUY_READY_REPORT } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

const report = () => ({ to: '/buyready', label: 'Buy Ready' });
const screen = async () => ({ Component: (await import('./BuyReadyScreen')).BuyReadyScreen });

export const buyReadyManifest: FeatureManifest = {
  routes: [
    {
      path: 'buyready',
      access: BUY_READY_REPORT,
      nav: { group: 'Reports', label: 'Buy ready' },
      handle: { crumb: 'Buy Ready', parent: navGroupOf },
      children: [
        { index: true, lazy: screen },
        { path: ':prototypeSeasonalId', handle: { crumb: 'Colorway', parent: report }, lazy: screen },
      ],
    },
    {
      path: 'buyreadyoverride',
      access: BUY_READY_OVERRIDES,
      nav: { group: 'Reports', label: 'Buy ready overrides' },
      handle: { crumb: 'Buy Ready Overrides', parent: report },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./BuyReadyOverrideScreen')).BuyReadyOverrideScreen }) }],
    },
  ],
};
