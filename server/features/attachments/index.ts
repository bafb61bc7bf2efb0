/**
 * Images and documents on every level of the hierarchy: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { imageRoutes } from './image-routes';
import { documentRoutes } from './document-routes';

export const attachmentsFeature: Feature = {
  name: 'attachments',
  routes: [imageRoutes, documentRoutes],
};

export { imageUrl, type ImageTarget } from './image-target';
