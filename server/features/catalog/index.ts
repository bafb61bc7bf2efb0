/** The catalog: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { catalogRoutes } from './routes';

export const catalogFeature: Feature = {
  name: 'catalog',
  routes: [catalogRoutes],
};
