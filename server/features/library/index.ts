/** Library entries (ADMIN-023..036): the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { libraryRoutes } from './routes';

export const libraryFeature: Feature = {
  name: 'library',
  routes: [libraryRoutes],
};
