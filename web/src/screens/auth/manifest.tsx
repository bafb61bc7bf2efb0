/** The signed-out screens (AUTH-001..010): sign-in, registration, password reset and the message pages; a signed-in user is sent home (AUTH-003). */
import { screen, type FeatureManifest } from '../../shell/manifest';

export const authManifest: FeatureManifest = {
  publicRoutes: [
    { path: 'login', lazy: screen(() => import('./LoginScreen'), 'LoginScreen') },
    { path: 'register', lazy: screen(() => import('./RegisterScreen'), 'RegisterScreen') },
    { path: 'forgotPassword', lazy: screen(() => import('./ForgotPasswordScreen'), 'ForgotPasswordScreen') },
    { path: 'resetPassword', lazy: screen(() => import('./ResetPasswordScreen'), 'ResetPasswordScreen') },
    { path: 'displayMessage', lazy: screen(() => import('./DisplayMessageScreen'), 'DisplayMessageScreen') },
    { path: 'confirmEmail', lazy: screen(() => import('./ConfirmEmailScreen'), 'ConfirmEmailScreen') },
    { path: 'confirmResetPasswordEmail', lazy: screen(() => import('./ConfirmResetPasswordEmailScreen'), 'ConfirmResetPasswordEmailScreen') },
    { path: 'changeUserPassword', lazy: screen(() => import('./ChangeUserPasswordScreen'), 'ChangeUserPasswordScreen') },
  ],
};
