/** New password + confirmation, with the live strength meter under the new password. */
import { PasswordStrength } from './PasswordStrength';
import { TextField } from './TextField';

interface Props {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  passwordLabel?: string;
  passwordError?: string | null;
  confirmError?: string | null;
}

export function NewPasswordFields(p: Props) {
  return (
    <>
      <TextField
        label={p.passwordLabel ?? 'New password'}
        type="password"
        autoComplete="new-password"
        value={p.password}
        onChange={(e) => p.onPassword(e.target.value)}
        error={p.passwordError}
        hint={<PasswordStrength password={p.password} />}
        required
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={p.confirm}
        onChange={(e) => p.onConfirm(e.target.value)}
        error={p.confirmError}
        required
      />
    </>
  );
}
