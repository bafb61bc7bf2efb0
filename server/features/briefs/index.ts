/**
 * Briefs: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { briefRoutes } from './routes';
import { registerBriefHooks } from './brief';

export const briefsFeature: Feature = {
  name: 'briefs',
  routes: [briefRoutes],
  register: () => registerBriefHooks(),
};

export { ensureBriefReleased } from './brief-actions';
