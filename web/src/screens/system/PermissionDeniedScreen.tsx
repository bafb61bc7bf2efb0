/** /permissionDenied (PERM-024): where a missing permission leads. */
import { StatusPage } from './StatusPage';

export function PermissionDeniedScreen() {
  return (
    <StatusPage title="Permission denied" tone="warn">
      <p>You do not have permission to open that page. If you need access, ask your system administrator.</p>
    </StatusPage>
  );
}
