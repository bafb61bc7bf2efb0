/**
 * /Search, the search workbench: every signed-in user may open it (it shows the levels the user
 * reads); the menu offers it to users with module 8 read.
 */
import { permission } from '@domain/access';
import { screen, type FeatureManifest } from '../../shell/manifest';

export const searchManifest: FeatureManifest = {
  routes: [
    {
      path: 'Search',
      nav: { group: 'Products', label: 'Search', offer: permission('search', 'read') },
      handle: { crumb: 'Search' },
      lazy: screen(() => import('./SearchScreen'), 'SearchScreen'),
    },
  ],
};
