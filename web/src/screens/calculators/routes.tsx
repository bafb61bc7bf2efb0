/** Routes of the calculators (CALC-001, PERM-013: 10/2) and of their brand defaults (10/2 and 18/2; no factory user). */
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RequireAnyPermission } from '../admin/common/RequireAnyPermission';
import { navGroupOf } from '../../shell/list-crumbs';
import { CALCULATOR_USE, useCanEditBrandDefaults } from './calculator-permissions';

function RequireBrandDefaultsEditor() {
  return useCanEditBrandDefaults() ? <Outlet /> : <Navigate to="/permissionDenied" replace />;
}

/** The brand defaults are opened from the calculators ("Edit brand defaults"): no menu entry of their own. */
const margin = () => ({ to: '/margin', label: 'Margin Calculator' });

export const calculatorRoutes: RouteObject[] = [
  {
    path: 'margin',
    handle: { crumb: 'Margin Calculator', parent: navGroupOf },
    element: <RequireAnyPermission anyOf={CALCULATOR_USE} />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./MarginCalculatorScreen')).MarginCalculatorScreen }) }],
  },
  {
    path: 'fob',
    handle: { crumb: 'FOB Calculator', parent: navGroupOf },
    element: <RequireAnyPermission anyOf={CALCULATOR_USE} />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./FobCalculatorScreen')).FobCalculatorScreen }) }],
  },
  {
    path: 'calculatorBrandDefaults',
    handle: { crumb: 'Calculator Brand Defaults', parent: margin },
    element: <RequireBrandDefaultsEditor />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('./BrandDefaultsScreen')).BrandDefaultsScreen }) }],
  },
];
