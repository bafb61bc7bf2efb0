/** Routes of the flash-edit screens (FLASH-001): one per row of flash-screens.ts, all the generic FlashEditScreen, each opened by its grid's read. */
import { navGroupOf, type FeatureManifest } from '../../shell/manifest';
import { FLASH_SCREENS } from './flash-screens';

const lazy = async () => ({ Component: (await import('./FlashEditScreen')).FlashEditScreen });

export const flashEditManifest: FeatureManifest = {
  routes: FLASH_SCREENS.map((s) => ({
    path: s.path,
    access: { anyOf: [s.read] },
    nav: { group: 'Edit in bulk', label: s.navLabel },
    handle: { crumb: s.title, parent: navGroupOf },
    lazy,
  })),
};
