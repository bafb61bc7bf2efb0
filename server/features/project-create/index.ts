/** The project-create wizard: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { projectCreateRoutes } from './routes';

export const projectCreateFeature: Feature = {
  name: 'project-create',
  routes: [projectCreateRoutes],
};
