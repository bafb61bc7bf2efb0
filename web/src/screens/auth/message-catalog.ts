/**
 * Texts of the message pages by code (/displayMessage?code&title). The specification gives the
 * codes and titles (§8) but not the body texts; these are ours.
 */
export const MESSAGE_TEXTS: Record<string, string> = {
  RoleNotAssigned: 'No role is assigned to your account yet, so there is nothing you can open. Please contact your system administrator.',
  ConfirmEmail: 'Please confirm your e-mail address before you sign in. Use the link in the e-mail we sent you when you registered.',
  ConfirmEmailError: 'Your e-mail address could not be confirmed: the link is invalid, has expired or was already used.',
  ResetPasswordEmailConfirmationMessage: 'The password reset link is invalid or has expired. Please request a new one from the sign-in page.',
  ResetPasswordFail: 'Your password could not be reset: the reset link is invalid or has expired. Please request a new one.',
  RegistrationSuccessful: 'Your account has been created. We sent you an e-mail with a link to confirm your address; confirm it before you sign in.',
  LogOutSuccessful: 'You have been signed out. Thank you for using PLM Workbench.',
  EmailConfirmed: 'Your e-mail address is confirmed. You can sign in once an administrator has given your account a role.',
  PasswordResetSuccessful: 'Your password has been reset. Sign in with your new password.',
};

/** Codes that report a problem (shown with the warning style). */
export const PROBLEM_CODES = new Set(['RoleNotAssigned', 'ConfirmEmail', 'ConfirmEmailError', 'ResetPasswordEmailConfirmationMessage', 'ResetPasswordFail']);

export function messageText(code: string | null): string {
  return (code && MESSAGE_TEXTS[code]) || '';
}
