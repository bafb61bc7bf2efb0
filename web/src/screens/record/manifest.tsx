/** /record/:entity/:id: any hierarchy record by entity name, under its level's list. */
import type { CrumbMatch } from '../../shell/crumbs';
import { screen, type FeatureManifest, type Site } from '../../shell/manifest';

export const recordManifest: FeatureManifest = {
  routes: [
    {
      path: 'record/:entity/:id',
      handle: { crumb: 'Record', parent: (m: CrumbMatch, site: Site) => site.lists[m.params.entity ?? ''] ?? null },
      lazy: screen(() => import('./RecordScreen'), 'RecordScreen'),
    },
  ],
};
