/** Routes of the size range preset screens (CW-068). */
import type { RouteObject } from 'react-router-dom';

export const sizeRangeRoutes: RouteObject[] = [
  {
    path: 'sizeRangePresets',
    handle: { crumb: () => 'Size Range Presets' },
    lazy: async () => ({ Component: (await import('./SizeRangePresetsScreen')).SizeRangePresetsScreen }),
  },
];
