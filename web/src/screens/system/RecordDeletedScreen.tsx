/** /recordDeleted (SHELL-026, DECISIONS SHELL-027): a deep link to a record that was deleted. */
import { StatusPage } from './StatusPage';

export function RecordDeletedScreen() {
  return (
    <StatusPage title="Record deleted" tone="warn">
      <p>The record you are trying to open has been deleted.</p>
    </StatusPage>
  );
}
