/** Yes/no question in a modal (e.g. the unsaved-changes prompt, SHELL-021). */
import { Modal } from './Modal';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, danger }: Props) {
  return (
    <Modal
      title={title}
      alert
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
