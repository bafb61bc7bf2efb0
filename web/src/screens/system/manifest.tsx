/** The message pages of the signed-in app (not in the site map) and 'Page not found' for an unknown path (issue 11). */
import { screen, type FeatureManifest } from '../../shell/manifest';

export const systemManifest: FeatureManifest = {
  routes: [
    {
      path: 'permissionDenied',
      unlisted: true,
      handle: { crumb: 'Permission Denied' },
      lazy: screen(() => import('./PermissionDeniedScreen'), 'PermissionDeniedScreen'),
    },
    { path: 'recordDeleted', unlisted: true, handle: { crumb: 'Record Deleted' }, lazy: screen(() => import('./RecordDeletedScreen'), 'RecordDeletedScreen') },
    { path: 'errorPage', unlisted: true, handle: { crumb: 'Error' }, lazy: screen(() => import('./ErrorPageScreen'), 'ErrorPageScreen') },
    {
      path: 'displayUserMessage',
      unlisted: true,
      handle: { crumb: 'Message' },
      lazy: screen(() => import('./DisplayUserMessageScreen'), 'DisplayUserMessageScreen'),
    },
    { path: '*', unlisted: true, handle: { crumb: 'Page not found' }, lazy: screen(() => import('./NotFoundScreen'), 'NotFoundScreen') },
  ],
};
