/**
 * Critical paths and their PDF reports: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { criticalPathRoutes } from './routes';
import { criticalPathReportRoutes } from './report-routes';
import { registerProcessRules } from './common';

export const criticalPathsFeature: Feature = {
  name: 'critical-paths',
  routes: [criticalPathRoutes, criticalPathReportRoutes],
  register: registerProcessRules,
};
