/**
 * /changeUserPassword (AUTH-021, AUTH-032..035): the password must be changed before the first
 * sign-in. The user name comes from the sign-in form; afterwards the user signs in with the new
 * password.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { changeUserPassword } from '../../api/account';
import { ChangePasswordForm } from '../../forms/ChangePasswordForm';
import { toast } from '../../shell/toast-store';

export function ChangeUserPasswordScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [userName, setUserName] = useState(() => (location.state as { userName?: string } | null)?.userName ?? '');
  return (
    <>
      <h1 className="public__title">Change your password</h1>
      <p className="public__subtitle">You must choose a new password before you can sign in.</p>
      <ChangePasswordForm
        userName={{ value: userName, onChange: setUserName }}
        submit={(c) => changeUserPassword(userName.trim(), c)}
        onSuccess={(message) => {
          toast.success(message);
          navigate('/login', { replace: true, state: { userName: userName.trim() } });
        }}
      />
      <p className="public__footer-text">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}
