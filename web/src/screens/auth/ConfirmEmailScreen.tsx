/** /confirmEmail?userIdentification&code (AUTH-025/026): confirms the address from the e-mailed link. */
import { confirmEmail } from '../../api/account';
import { MESSAGE_PAGES } from '../../auth/message-page';
import { useCodeLink } from './useCodeLink';

const onSuccess = () => MESSAGE_PAGES.emailConfirmed;

export function ConfirmEmailScreen() {
  useCodeLink('confirmEmail', confirmEmail, onSuccess, MESSAGE_PAGES.confirmEmailError);
  return (
    <div className="with-spinner" role="status">
      <span className="spinner" aria-hidden="true" /> Confirming your e-mail address…
    </div>
  );
}
