/** Routes of the flash-edit screens (FLASH-001): one per row of flash-screens.ts, all the generic FlashEditScreen. */
import type { RouteObject } from 'react-router-dom';
import { navGroupOf } from '../../shell/list-crumbs';
import { FLASH_SCREENS } from './flash-screens';

const lazy = async () => ({ Component: (await import('./FlashEditScreen')).FlashEditScreen });

export const flashEditRoutes: RouteObject[] = FLASH_SCREENS.map((s) => ({ path: s.path, handle: { crumb: s.title, parent: navGroupOf }, lazy }));
