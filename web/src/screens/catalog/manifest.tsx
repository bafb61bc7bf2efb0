/**
 * The catalog's route (CAT-001, DECISIONS CAT-002): /catalog and
 * /catalog/{pageNumber}/{pageSize}/{brandId}[/{seasonId}[/{patternSeasonalId}]], gated by module 18
 * read (PERM-019); the server checks the pattern and colorway reads and the scope too.
 */
import { permission } from '@domain/access';
import type { FeatureManifest } from '../../shell/manifest';

export const catalogManifest: FeatureManifest = {
  routes: [
    {
      path: 'catalog',
      access: permission('systemMessages', 'read'),
      nav: { group: 'Products', label: 'Catalog' },
      children: [
        {
          path: ':pageNumber?/:pageSize?/:brandId?/:seasonId?/:patternSeasonalId?',
          handle: { crumb: 'Catalog', parent: () => ({ to: '/catalog', label: 'Catalog' }) },
          lazy: async () => ({ Component: (await import('./CatalogScreen')).CatalogScreen }),
        },
      ],
    },
  ],
};
