/** Live strength of a new password (AUTH-036..038): weak under 40 (invalid), ok to 70, strong above. */
import { passwordScore, passwordStrength } from '@domain/password-score';

const LABELS = { weak: 'Weak', ok: 'Ok', strong: 'Strong' } as const;

export function PasswordStrength({ password }: { password: string }) {
  const score = passwordScore(password);
  const strength = passwordStrength(score);
  return (
    <div className={`strength strength--${password ? strength : 'empty'}`} aria-live="polite">
      <div className="strength__bar" aria-hidden="true">
        <span style={{ width: `${password ? Math.max(4, score) : 0}%` }} />
      </div>
      <span className="strength__label">
        {password ? (
          <>
            Strength: <strong>{LABELS[strength]}</strong> ({score}/100)
          </>
        ) : (
          'Use at least 8 characters and mix letters, digits and symbols.'
        )}
      </span>
    </div>
  );
}
