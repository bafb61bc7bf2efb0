/**
 * Patterns: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { patternRoutes } from './routes';
import { registerPatternHooks } from './pattern';

export const patternsFeature: Feature = {
  name: 'patterns',
  routes: [patternRoutes],
  register: () => registerPatternHooks(),
};

export { readPattern } from './pattern-read';
export { MSG, releasedBriefErrors, responsibleErrors } from './pattern-rules';
