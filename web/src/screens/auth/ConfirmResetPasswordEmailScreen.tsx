/**
 * /confirmResetPasswordEmail?userIdentification&code (AUTH-030): checks the reset link, then
 * /resetPassword?userId&code with the same code (the server spends it only on the reset itself).
 */
import { confirmResetPasswordEmail } from '../../api/account';
import { MESSAGE_PAGES } from '../../auth/message-page';
import { useCodeLink } from './useCodeLink';

const onSuccess = (userId: string, code: string) => `/resetPassword?${new URLSearchParams({ userId, code }).toString()}`;

export function ConfirmResetPasswordEmailScreen() {
  useCodeLink('confirmResetPasswordEmail', confirmResetPasswordEmail, onSuccess, MESSAGE_PAGES.resetPasswordEmailError);
  return (
    <div className="with-spinner" role="status">
      <span className="spinner" aria-hidden="true" /> Checking your reset link…
    </div>
  );
}
