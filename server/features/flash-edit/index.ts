/** Flash-edit grids ("Edit in bulk"): the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { flashEditRoutes } from './routes';

export const flashEditFeature: Feature = {
  name: 'flash-edit',
  routes: [flashEditRoutes],
};
