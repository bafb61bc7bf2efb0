/** /changePassword (AUTH-032..035): the signed-in user changes their password. */
import { changePassword } from '../../api/account';
import { useSessionStore } from '../../auth/session-store';
import { ChangePasswordForm } from '../../forms/ChangePasswordForm';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';

export function ChangePasswordScreen() {
  const userName = useSessionStore((s) => s.session?.userName ?? '');
  return (
    <>
      <PageHeader title="Change Password" subtitle="Your other sessions are signed out when the password changes." />
      <section className="card card--form">
        <ChangePasswordForm submit={changePassword} onSuccess={(m) => toast.success(m)} trackUnsaved accountName={userName} />
      </section>
    </>
  );
}
