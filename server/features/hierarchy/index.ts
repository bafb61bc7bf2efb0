/**
 * What the four levels of the product hierarchy share (records, history, seasons, child data, shared
 * status rules): the feature as the server registers it (server/features.ts), and what it exports
 * for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { hierarchyRoutes } from './routes';
import { childDataRoutes } from './child-data-routes';
import { HIERARCHY } from './levels';
import { registerSharedRules } from './rules';

export const hierarchyFeature: Feature = {
  name: 'hierarchy',
  routes: [hierarchyRoutes, childDataRoutes],
  register: () => HIERARCHY.forEach(registerSharedRules),
};

export { EDIT_ANY_LEVEL, HIERARCHY, READ_ANY_LEVEL, hierarchyLevel, withDeletedMessage } from './levels';
export { READ_ONLY_STATUSES, recordDeleted, type HierarchyEntity } from './rules';
