/** The upload queue (issue 13): every signed-in user follows their own upload jobs (DECISIONS PERM-026). */
import { navGroupOf, screen, type FeatureManifest } from '../../shell/manifest';

export const uploadQueueManifest: FeatureManifest = {
  routes: [
    {
      path: 'upload-queue',
      nav: { group: 'Edit in bulk', label: 'Upload Queue' },
      handle: { crumb: 'Upload Queue', parent: navGroupOf },
      lazy: screen(() => import('./UploadQueueScreen'), 'UploadQueueScreen'),
    },
    {
      path: 'upload-queue/:id',
      handle: { crumb: 'Upload job', parent: () => ({ to: '/upload-queue', label: 'Upload Queue' }) },
      lazy: screen(() => import('./UploadJobScreen'), 'UploadJobScreen'),
    },
  ],
};
