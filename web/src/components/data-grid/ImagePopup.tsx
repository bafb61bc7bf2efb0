/**
 * The shared image popup (SHELL-005): a record's image enlarged to 600 px on its long side
 * (DECISIONS SHELL-029), e.g. from a grid's 65 px thumbnail (SHELL-028).
 */
import { Modal } from '../../shell/Modal';
import { useImageView } from '../record/image-view';

/** DECISIONS SHELL-029: the enlarge size. */
export const ENLARGE_SIZE = 600 as const;

export function ImagePopup({ title, url, onClose }: { title: string; url: string; onClose: () => void }) {
  const view = useImageView(url);
  return (
    <Modal title={title} onCancel={onClose} className="image-popup">
      {view.state === 'shown' ? (
        <img src={view.src} alt={title} style={{ maxWidth: ENLARGE_SIZE, maxHeight: ENLARGE_SIZE, display: 'block' }} />
      ) : view.state === 'loading' ? (
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      ) : (
        <p className="muted">{view.state === 'none' ? 'No image.' : 'The image could not be loaded.'}</p>
      )}
    </Modal>
  );
}
