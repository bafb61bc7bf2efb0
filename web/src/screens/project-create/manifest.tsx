/** /projectCreate, the project-create wizard (WIZ-001..018): create on brief, pattern and colorway, never a factory user (WIZ-003). */
import { PROJECT_CREATE } from '@domain/access';
import { navGroupOf, screen, type FeatureManifest } from '../../shell/manifest';

export const projectCreateManifest: FeatureManifest = {
  routes: [
    {
      path: 'projectCreate',
      access: PROJECT_CREATE,
      nav: { group: 'Products', label: 'Project create' },
      handle: { crumb: 'Project Create', parent: navGroupOf },
      lazy: screen(() => import('./ProjectCreateScreen'), 'ProjectCreateScreen'),
    },
  ],
};
