/** AUTH-014: shown while the token refresh cannot reach the server; the retry runs every 2 seconds. */
import { Modal } from './Modal';

export function DisconnectModal() {
  return (
    <Modal title="Connection lost" alert>
      <p className="with-spinner">
        <span className="spinner" aria-hidden="true" />
        The server cannot be reached. Reconnecting…
      </p>
      <p className="muted">Your work on this page is kept. This message closes by itself when the connection is back.</p>
    </Modal>
  );
}
