/** Routes of the transfer checklist (TC-001, PERM-007: module 5 read to open; 5/2 edit to change and upload). */
import { permission } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

const list = () => ({ to: '/transferChecklist', label: 'Transfer Checklists' });

export const transferChecklistManifest: FeatureManifest = {
  routes: [
    {
      path: 'transferChecklist',
      access: permission('colorway', 'read'),
      nav: { group: 'Planning', label: 'Transfer checklists' },
      children: [
        {
          index: true,
          handle: { crumb: 'Transfer Checklists', parent: navGroupOf },
          lazy: async () => ({ Component: (await import('./TransferChecklistListScreen')).TransferChecklistListScreen }),
        },
        {
          path: ':id',
          handle: { crumb: 'Transfer Checklist', parent: list },
          lazy: async () => ({ Component: (await import('./TransferChecklistScreen')).TransferChecklistScreen }),
        },
      ],
    },
  ],
};
