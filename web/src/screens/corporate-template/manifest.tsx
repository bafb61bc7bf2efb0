/** Routes of the corporate template screens (TPL-001, PERM-004: module 2 read to view, edit to edit). */
import { CORPORATE_TEMPLATE_VIEW, permission } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

const view = () => ({ to: '/linePlanTemplateView', label: 'Corporate Template' });

export const corporateTemplateManifest: FeatureManifest = {
  routes: [
    {
      path: 'linePlanTemplateView',
      access: CORPORATE_TEMPLATE_VIEW,
      nav: { group: 'Planning', label: 'Corporate template' },
      handle: { crumb: 'Corporate Template', parent: navGroupOf },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./CorporateTemplateScreen')).CorporateTemplateViewScreen }) }],
    },
    {
      path: 'linePlanTemplateEdit',
      access: permission('corporateTemplate', 'edit'),
      handle: { crumb: 'Edit Corporate Template', parent: view },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./CorporateTemplateScreen')).CorporateTemplateEditScreen }) }],
    },
  ],
};
