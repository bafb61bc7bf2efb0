/** The toast stack (CONST-019/020): each toast closes itself after its timeout. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useToastStore, type Toast } from './toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    const t = setTimeout(() => dismiss(toast.id), toast.timeoutMs);
    return () => clearTimeout(t);
  }, [toast.id, toast.timeoutMs, dismiss]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'success' ? 'status' : 'alert'} data-testid="toast">
      <div className="toast__text">
        <strong className="toast__title">{toast.title}</strong>
        <span className="toast__message">{toast.message}</span>
        {toast.link && (
          <Link className="toast__link" to={toast.link.to} onClick={() => dismiss(toast.id)}>
            {toast.link.label}
          </Link>
        )}
      </div>
      <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
