/** /changePassword: the signed-in user's own password. */
import { screen, type FeatureManifest } from '../../shell/manifest';

export const accountManifest: FeatureManifest = {
  routes: [{ path: 'changePassword', handle: { crumb: 'Change Password' }, lazy: screen(() => import('./ChangePasswordScreen'), 'ChangePasswordScreen') }],
};
