/**
 * A modal dialog on the native <dialog> element (focus is kept inside, Escape is routed to
 * onCancel). Rendered only while open. The button marked `data-autofocus` gets the focus.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Escape or the close button; without it the dialog cannot be dismissed. */
  onCancel?: () => void;
  alert?: boolean;
  className?: string;
}

export function Modal({ title, children, actions, onCancel, alert, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const mounted = useRef(false);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = ref.current;
    mounted.current = true;
    if (d && !d.open) d.showModal();
    // showModal focuses the first focusable element (the close button); prefer the marked one.
    d?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      mounted.current = false;
      d?.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      role={alert ? 'alertdialog' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel?.();
      }}
      onClose={() => {
        // Chromium may close a dialog on a repeated Escape despite preventDefault: keep it open
        // while it is still rendered, unless it is dismissible. The event is queued, so a close
        // of our own (unmount, or React's double effect in development) arrives here later:
        // then the dialog is gone or already open again.
        if (!mounted.current || ref.current?.open) return;
        if (onCancel) onCancel();
        else ref.current?.showModal();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        {onCancel && (
          <button type="button" className="icon-btn" aria-label="Close" onClick={onCancel}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        )}
      </div>
      <div id={bodyId} className="modal__body">
        {children}
      </div>
      {actions && <div className="modal__actions">{actions}</div>}
    </dialog>
  );
}
