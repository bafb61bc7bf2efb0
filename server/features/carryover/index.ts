/** Carryover and season shift: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { registerImportHandler } from '../../core/imports/handlers';
import { carryoverRoutes } from './routes';
import { carryoverImport } from './carryover-import';

export const carryoverFeature: Feature = {
  name: 'carryover',
  routes: [carryoverRoutes],
  register: () => registerImportHandler('carryover', carryoverImport),
};
