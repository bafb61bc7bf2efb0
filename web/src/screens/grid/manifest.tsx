/**
 * /grid/:gridId (any grid document in a DataGrid; the grid's read permission is checked by DataGrid
 * and the server), and `gridRoute` for a feature whose menu entry is a grid of its own
 * (/grid/brief-search…): the same screen on a path of its own, so its rule guards it.
 */
import type { AccessRule } from '@domain/access';
import type { CrumbMatch } from '../../shell/crumbs';
import { navGroupOf, screen, type FeatureManifest, type NavEntry, type ScreenRoute } from '../../shell/manifest';

/** A grid's label until its document (GridScreen names the page after the grid's title): 'colorway-search' → 'Colorway search'. */
const gridLabel = (id: string) => id.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The grid `gridId` at /grid/{gridId}, opened by `access`, listed in the menu as `nav`. */
export const gridRoute = (gridId: string, access: AccessRule, nav: NavEntry): ScreenRoute => ({
  path: `grid/${gridId}`,
  access,
  nav,
  handle: { crumb: (m: CrumbMatch) => gridLabel(m.pathname.split('/').pop() ?? gridId), parent: navGroupOf },
  lazy: screen(() => import('./GridScreen'), 'GridScreen'),
});

export const gridManifest: FeatureManifest = {
  routes: [
    {
      path: 'grid/:gridId',
      handle: { crumb: (m: CrumbMatch) => gridLabel(m.params.gridId ?? ''), parent: navGroupOf },
      lazy: screen(() => import('./GridScreen'), 'GridScreen'),
    },
  ],
};
