/**
 * Line plans (LP-001..033): the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { linePlanRoutes } from './routes';
import { registerLinePlanHooks } from './line-plan';

export const linePlansFeature: Feature = {
  name: 'line-plans',
  routes: [linePlanRoutes],
  register: () => registerLinePlanHooks(),
};
