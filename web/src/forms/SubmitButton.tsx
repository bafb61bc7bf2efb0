/** The primary button of a form, disabled with a spinner while the form is sent. */
import type { ReactNode } from 'react';

export function SubmitButton({ busy, children, className }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`btn btn--primary${className ? ` ${className}` : ''}`} disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
