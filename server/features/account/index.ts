/** Accounts: sign-in tokens, registration and passwords, the signed-in user: the feature as the server registers it (server/features.ts). */
import type { Feature } from '../../core/feature';
import { tokenRoutes } from './token-routes';
import { accountRoutes } from './account-routes';
import { userRoutes } from './user-routes';

export const accountFeature: Feature = {
  name: 'account',
  routes: [tokenRoutes, accountRoutes, userRoutes],
};
