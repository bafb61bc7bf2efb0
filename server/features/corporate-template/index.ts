/** The corporate line-plan template: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { corporateTemplateRoutes } from './routes';

export const corporateTemplateFeature: Feature = {
  name: 'corporate-template',
  routes: [corporateTemplateRoutes],
};
