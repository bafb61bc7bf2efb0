/** Routes of the size range preset screens (CW-068): every signed-in user keeps presets; the menu offers them to colorway readers. */
import { permission } from '@domain/access';
import type { FeatureManifest } from '../../shell/manifest';

export const sizeRangeManifest: FeatureManifest = {
  routes: [
    {
      path: 'sizeRangePresets',
      nav: { group: 'Planning', label: 'Size range presets', offer: permission('colorway', 'read') },
      handle: { crumb: () => 'Size Range Presets' },
      lazy: async () => ({ Component: (await import('./SizeRangePresetsScreen')).SizeRangePresetsScreen }),
    },
  ],
};
