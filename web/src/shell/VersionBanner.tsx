/** AUTH-017: after the app version changed, offer a reload so the browser runs the new code. */
import { useSessionStore } from '../auth/session-store';

export function VersionBanner() {
  const changed = useSessionStore((s) => s.appVersionChanged);
  if (!changed) return null;
  return (
    <div className="banner" role="status">
      A new version of PLM Workbench is available.
      <button type="button" className="btn btn--small" onClick={() => window.location.reload()}>
        Reload
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => useSessionStore.setState({ appVersionChanged: false })}>
        Later
      </button>
    </div>
  );
}
