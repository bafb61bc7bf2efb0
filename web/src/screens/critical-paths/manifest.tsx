/** Routes of the critical path search (CP-002) and edit screens (CP-018..028; PERM-014: modules 11/12/13 read to open, edit to save). */
import { CRITICAL_PATH_SEARCH, permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import type { FeatureManifest } from '../../shell/manifest';

const search = (type: number) => () => ({ to: `/criticalPath?searchType=${type}`, label: 'Critical Paths' });

export const criticalPathManifest: FeatureManifest = {
  routes: [
    {
      path: 'criticalPath',
      access: CRITICAL_PATH_SEARCH,
      nav: { group: 'Planning', label: 'Critical paths' },
      handle: { crumb: 'Critical Paths' },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./CriticalPathSearchScreen')).CriticalPathSearchScreen }) }],
    },
    {
      path: 'criticalPathDevPrototypeEdit/:devPrototypeId/:psid?',
      access: permission('criticalPathDevPrototype', 'read'),
      handle: { crumb: 'Dev Prototype Critical Path', record: underRecord('colorway', 'psid'), parent: search(2) },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./CriticalPathDevPrototypeScreen')).CriticalPathDevPrototypeScreen }) }],
    },
    {
      path: 'criticalPathDevPatternEdit/:patternSeasonalId',
      access: permission('criticalPathDevPattern', 'read'),
      handle: { crumb: 'Dev Pattern Critical Path', record: underRecord('pattern', 'patternSeasonalId'), parent: search(1) },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./PathEditor')).CriticalPathDevPatternScreen }) }],
    },
    {
      path: 'criticalPathCommercializationEdit/:id',
      access: permission('criticalPathCommercialization', 'read'),
      handle: { crumb: 'Commercialization Critical Path', parent: search(3) },
      children: [{ index: true, lazy: async () => ({ Component: (await import('./PathEditor')).CriticalPathCommercializationScreen }) }],
    },
  ],
};
