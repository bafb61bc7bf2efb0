/**
 * Change-password failures (AUTH-033, AUTH-035): the server text 'Incorrect password.' is shown as
 * 'Current password is incorrect.' on the current-password field; other server messages are shown
 * as they come; with none, 'Server Error. Please contact your system administrator'.
 */
import { formErrors, type FormErrors } from './form-errors';

export const INCORRECT_PASSWORD_SERVER = 'Incorrect password.';
export const INCORRECT_PASSWORD_SHOWN = 'Current password is incorrect.';
export const CHANGE_PASSWORD_SERVER_ERROR = 'Server Error. Please contact your system administrator';

export const CHANGE_PASSWORD_FIELDS = ['UserName', 'OldPassword', 'NewPassword', 'ConfirmPassword'] as const;

export function changePasswordErrors(err: unknown): FormErrors {
  const e = formErrors(err, CHANGE_PASSWORD_FIELDS);
  const fields = { ...e.fields };
  const general: string[] = [];
  for (const m of e.general) {
    if (m.trim() === INCORRECT_PASSWORD_SERVER) fields.OldPassword = INCORRECT_PASSWORD_SHOWN;
    else general.push(m);
  }
  if (fields.OldPassword?.trim() === INCORRECT_PASSWORD_SERVER) fields.OldPassword = INCORRECT_PASSWORD_SHOWN;
  if (!Object.keys(fields).length && !general.length) general.push(CHANGE_PASSWORD_SERVER_ERROR);
  return { fields, general };
}
