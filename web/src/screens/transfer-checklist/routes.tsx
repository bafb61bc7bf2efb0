/** Routes of the transfer checklist (TC-001, PERM-007: module 5 read to open; 5/2 edit to change and upload). */
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../shell/RequirePermission';
import { navGroupOf } from '../../shell/list-crumbs';

const list = () => ({ to: '/transferChecklist', label: 'Transfer Checklists' });

export const transferChecklistRoutes: RouteObject[] = [
  {
    path: 'transferChecklist',
    element: <RequirePermission module="colorway" action="read" />,
    children: [
      { index: true, handle: { crumb: 'Transfer Checklists', parent: navGroupOf }, lazy: async () => ({ Component: (await import('./TransferChecklistListScreen')).TransferChecklistListScreen }) },
      { path: ':id', handle: { crumb: 'Transfer Checklist', parent: list }, lazy: async () => ({ Component: (await import('./TransferChecklistScreen')).TransferChecklistScreen }) },
    ],
  },
];
