/** Routes of the corporate template screens (TPL-001, PERM-004: module 2 read to view, edit to edit). */
import type { RouteObject } from 'react-router-dom';
import { RequireAnyPermission, type PermissionPair } from '../admin/common/RequireAnyPermission';
import { RequirePermission } from '../../shell/RequirePermission';
import { navGroupOf } from '../../shell/list-crumbs';

/** PERM-004: viewing needs 2/1; an editor (2/2) sees what they edit. */
export const TEMPLATE_VIEW: readonly PermissionPair[] = [['corporateTemplate', 'read'], ['corporateTemplate', 'edit']];

const view = () => ({ to: '/linePlanTemplateView', label: 'Corporate Template' });

export const corporateTemplateRoutes: RouteObject[] = [
  {
    path: 'linePlanTemplateView',
    handle: { crumb: 'Corporate Template', parent: navGroupOf },
    element: <RequireAnyPermission anyOf={TEMPLATE_VIEW} />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./CorporateTemplateScreen')).CorporateTemplateViewScreen }) }],
  },
  {
    path: 'linePlanTemplateEdit',
    handle: { crumb: 'Edit Corporate Template', parent: view },
    element: <RequirePermission module="corporateTemplate" action="edit" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./CorporateTemplateScreen')).CorporateTemplateEditScreen }) }],
  },
];
