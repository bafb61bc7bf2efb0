/** Account calls (AUTH-024..035). Answers: { IsSuccessful, Message, Errors: [{ Field, Message }] }. */
import { apiFetch } from './http';

export interface FieldError {
  Field?: string | null;
  Message: string;
}

export interface AccountAnswer {
  IsSuccessful: boolean;
  Message?: string | null;
  Errors?: FieldError[] | null;
  [key: string]: unknown;
}

const publicPost = (path: string, form: Record<string, string | boolean>) => apiFetch<AccountAnswer>(path, { method: 'POST', form, auth: false });

export interface Registration {
  FirstName: string;
  LastName: string;
  Email: string;
  Password: string;
  ConfirmPassword: string;
  AgreedToPolicy: boolean;
}

export const register = (r: Registration) => publicPost('/api/Account/Register', { ...r });

export const confirmEmail = (userIdentification: string, code: string) => publicPost('/api/Account/ConfirmEmail', { userIdentification, code });

export const forgotPassword = (email: string) => publicPost('/api/Account/ForgotPassword', { email });

export const confirmResetPasswordEmail = (userIdentification: string, code: string) =>
  publicPost('/api/Account/ConfirmResetPasswordEmail', { userIdentification, code });

export const resetPassword = (userId: string, code: string, Password: string, ConfirmPassword: string) =>
  publicPost('/api/Account/ResetPassword', { userId, code, Password, ConfirmPassword });

export interface PasswordChange {
  OldPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

/** Signed in: /changePassword. */
export const changePassword = (c: PasswordChange) => apiFetch<AccountAnswer>('/api/Account/ChangePassword', { method: 'POST', form: { ...c } });

/** Not signed in, after the change_password_required sign-in answer (AUTH-021). */
export const changeUserPassword = (UserName: string, c: PasswordChange) => publicPost('/api/Account/ChangeUserPassword', { UserName, ...c });
