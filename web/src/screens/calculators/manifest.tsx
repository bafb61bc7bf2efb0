/** Routes of the calculators (CALC-001, PERM-013: 10/2) and of their brand defaults (10/2 and 18/2; no factory user). */
import { CALCULATOR_BRAND_DEFAULTS, CALCULATORS } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

/** The brand defaults are opened from the calculators ("Edit brand defaults"): no menu entry of their own. */
const margin = () => ({ to: '/margin', label: 'Margin Calculator' });

export const calculatorManifest: FeatureManifest = {
  routes: [
    {
      path: 'margin',
      access: CALCULATORS,
      nav: { group: 'Reports', label: 'Margin calculator' },
      handle: { crumb: 'Margin Calculator', parent: navGroupOf },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./MarginCalculatorScreen')).MarginCalculatorScreen }) }],
    },
    {
      path: 'fob',
      access: CALCULATORS,
      nav: { group: 'Reports', label: 'FOB calculator' },
      handle: { crumb: 'FOB Calculator', parent: navGroupOf },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./FobCalculatorScreen')).FobCalculatorScreen }) }],
    },
    {
      path: 'calculatorBrandDefaults',
      access: CALCULATOR_BRAND_DEFAULTS,
      handle: { crumb: 'Calculator Brand Defaults', parent: margin },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./BrandDefaultsScreen')).BrandDefaultsScreen }) }],
    },
  ],
};
