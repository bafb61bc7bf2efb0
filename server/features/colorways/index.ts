/**
 * Colorways (prototypes): the record, its actions, size ranges: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { colorwayRoutes } from './routes';
import { colorwayActionRoutes } from './action-routes';
import { sizeRangeRoutes } from './size-range-routes';
import { registerColorwayHooks } from './colorway';

export const colorwaysFeature: Feature = {
  name: 'colorways',
  routes: [colorwayRoutes, colorwayActionRoutes, sizeRangeRoutes],
  register: () => registerColorwayHooks(),
};

export { CARRY_OVER } from './colorway-rules';
export { newStockNumberError } from './new-stock-number';
export { readColorway } from './prototype-rules';
