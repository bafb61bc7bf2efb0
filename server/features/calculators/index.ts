/** Margin and FOB calculators, brand defaults: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { calculatorRoutes } from './routes';

export const calculatorsFeature: Feature = {
  name: 'calculators',
  routes: [calculatorRoutes],
};
