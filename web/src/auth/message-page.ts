/** Paths of the public message page (/displayMessage?code&title, AUTH-006). */
export function messagePagePath(code: string, title: string): string {
  return `/displayMessage?${new URLSearchParams({ code, title }).toString()}`;
}

/** Message pages of the specification and of the flows around it (titles quoted from §8). */
export const MESSAGE_PAGES = {
  roleNotAssigned: messagePagePath('RoleNotAssigned', 'Account Issue'),
  confirmEmail: messagePagePath('ConfirmEmail', 'Confirm Email'),
  confirmEmailError: messagePagePath('ConfirmEmailError', 'Confirm Email Error'),
  resetPasswordEmailError: messagePagePath('ResetPasswordEmailConfirmationMessage', 'Confirm Reset Password Email Error'),
  resetPasswordFail: messagePagePath('ResetPasswordFail', 'Reset Password Failed'),
  registrationSuccessful: messagePagePath('RegistrationSuccessful', 'Registration Successful'),
  logOutSuccessful: messagePagePath('LogOutSuccessful', 'Log Out Successful'),
  emailConfirmed: messagePagePath('EmailConfirmed', 'Email Confirmed'),
  forgotPasswordSent: messagePagePath('ForgotPasswordSent', 'Check Your Email'),
  passwordReset: messagePagePath('PasswordResetSuccessful', 'Password Reset Successful'),
} as const;
