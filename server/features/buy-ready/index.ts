/** Buy-ready report, overrides and execution: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { buyReadyRoutes } from './routes';

export const buyReadyFeature: Feature = {
  name: 'buy-ready',
  routes: [buyReadyRoutes],
};
