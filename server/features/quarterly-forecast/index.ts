/** Quarterly forecast and its settings: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { registerImportHandler } from '../../core/imports/handlers';
import { quarterlyForecastRoutes } from './routes';
import { quarterlyForecastSettingsRoutes } from './settings-routes';
import { salesForecastImport } from './upload';

export const quarterlyForecastFeature: Feature = {
  name: 'quarterly-forecast',
  routes: [quarterlyForecastRoutes, quarterlyForecastSettingsRoutes],
  register: () => registerImportHandler('sales-forecast', salesForecastImport),
};
