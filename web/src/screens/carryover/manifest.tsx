/** Routes of the carryover flow (CARRY-001): /carryover → /carryoverConform → /carryoverFinal, each with PERM-015 (module 14 edit), never a factory user. */
import { CARRYOVER } from '@domain/access';
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';

const first = () => ({ to: '/carryover', label: 'Carryover' });

export const carryoverManifest: FeatureManifest = {
  routes: [
    {
      access: CARRYOVER,
      children: [
        {
          path: 'carryover',
          nav: { group: 'Planning', label: 'Carryover' },
          handle: { crumb: 'Carryover', parent: navGroupOf },
          lazy: async () => ({ Component: (await import('./CarryoverSelectScreen')).CarryoverSelectScreen }),
        },
        {
          path: 'carryoverConform',
          handle: { crumb: 'Review', parent: first },
          lazy: async () => ({ Component: (await import('./CarryoverReviewScreen')).CarryoverReviewScreen }),
        },
        {
          path: 'carryoverFinal',
          handle: { crumb: 'Target season', parent: first },
          lazy: async () => ({ Component: (await import('./CarryoverFinalScreen')).CarryoverFinalScreen }),
        },
      ],
    },
  ],
};
